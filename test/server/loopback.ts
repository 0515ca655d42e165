/**
 * A fetch handler served by @hono/node-server on 127.0.0.1 and an ephemeral port, as main.ts serves the
 * app (Node bindings passed along): for what app.request() cannot show.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

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
