/**
 * A fetch handler served by @hono/node-server on 127.0.0.1 and an ephemeral port, as main.ts serves the
 * app (Node bindings passed along): for what app.request() cannot show.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type AppFixture } from './app-fixture.ts';

export interface Loopback {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  base: string;
  port: number;
  /** The listening server, for what main.ts installs on it. */
  server: ServerType;
  close(): Promise<void>;
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

export async function serveOnLoopback(fetch: FetchHandler): Promise<Loopback> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a test file that needs a real socket: the test app (startApp) served on loopback before its tests
 * and closed after them; `ready` receives both once they are up.
 */
export function useAppOnLoopback(ready: (t: AppFixture, server: Loopback) => void): void {
  let t: AppFixture | undefined;
  let server: Loopback | undefined;
  beforeAll(async () => {
    const app = (t = await startApp());
    server = await serveOnLoopback((request, env) => app.app.fetch(request, env));
    ready(app, server);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });
}
