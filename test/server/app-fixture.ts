/**
 * The whole backend for tests: createApp over an in-memory SQLite store (or a given one), the embedded
 * sandbox reached in-process and the demo site beside it (mounted as main.ts mounts it), a clock that
 * moves only when told, and a log that the test can read.
 * Sandbox webhooks addressed to this app are delivered to it in-process, so the full loop
 * (charge -> webhook -> stored -> pushed) runs without a socket.
 *
 *     const t = await startApp();
 *     const res = await t.request('GET', '/api/v1/links/lnk_fixed_ci');
 *     await t.settle();   // the sandbox's due outcomes and webhooks, as the scheduler would
 *     await t.close();
 */
import { Writable } from 'node:stream';
import { mountDemo } from '../../demo/server.ts';
import { createApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { AppDeps } from '../../server/env.ts';
import { createLogger } from '../../server/logger.ts';
import { createProviderClient, type ProviderClient } from '../../server/provider/client.ts';
import type { FetchLike } from '../../server/provider/http.ts';
import { createSandbox, type Sandbox } from '../../server/sandbox/app.ts';
import { inProcessFetch, webhooksToSelf } from '../../server/sandbox/in-process.ts';
import type { SandboxConfigInput } from '../../server/sandbox/config.ts';
import { sandboxReturnOrigins } from '../../server/payments/return-url.ts';
import { openStore, type Store } from '../../server/store/database.ts';
import { TestClock } from './sandbox/fixture.ts';

export const TEST_PUBLIC_URL = 'http://pay.test';
export const TEST_MERCHANT_KEY = 'mk_test_0123456789abcdef';

export interface AppFixture {
  app: App;
  config: Config;
  store: Store;
  sandbox: Sandbox;
  provider: ProviderClient;
  clock: TestClock;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** Every response body this fixture saw through `request` (for the secret scan). */
  bodies: string[];
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    // Tests read whatever shape they expect; `any` keeps their assertions short.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; json: any; text: string; headers: Headers }>;
  /** Applies the sandbox's due outcomes and delivers its due webhooks (to this app). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface AppFixtureOptions {
  /** Environment variables over the test defaults (see loadConfig). */
  env?: Record<string, string>;
  sandbox?: Partial<SandboxConfigInput>;
  store?: Store;
  /** The widget's translations (default: the repository's widget/i18n). */
  translationsDir?: string;
  /** Draws preview cards (default: the real drawer). */
  drawPreviewCard?: AppDeps['drawPreviewCard'];
}

/** A logger at `level` whose every line lands in `logs`, parsed. */
export function collectingLogger(level: string, logs: Record<string, unknown>[]) {
  return createLogger(
    level,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line));
        done();
      },
    }),
  );
}

/** The provider client of a test app: the embedded sandbox through `fetch`, retries without waiting. */
export function sandboxClient(config: Config, fetch: FetchLike): ProviderClient {
  return createProviderClient({
    baseUrl: 'http://sandbox.internal',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    fetch,
    timeoutMs: config.providerTimeoutMs,
    sleep: async () => undefined,
  });
}

/** The configuration every test app starts from; `env` wins over it. */
export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    MERCHANT_API_KEY: TEST_MERCHANT_KEY,
    ALLOWED_ORIGINS: 'https://shop.test',
    LOG_LEVEL: 'info',
    PROVIDER_TIMEOUT_MS: '2000',
    ...env,
  });

/** The embedded sandbox's settings for a test app: this app's credentials, webhooks to its own URL only. */
export const testSandboxConfig = (config: Config) => ({
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  publicUrl: `${TEST_PUBLIC_URL}/sandbox`,
  webhookTargets: { ownUrl: TEST_PUBLIC_URL, origins: [] },
  outcomeDelayMs: 0,
});

/** What a client sends (a JSON body, a string as it is) and reads back (the text, and its JSON if any). */
export async function requestOf(
  app: { request(path: string, init: RequestInit): Response | Promise<Response> },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await app.request(path, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null; // an HTML page or an empty body: the caller reads the status or the text
  }
  // Tests read whatever shape they expect; `any` keeps their assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: json as any, text, headers: response.headers };
}

export async function startApp(options: AppFixtureOptions = {}): Promise<AppFixture> {
  const config = testConfig(options.env);
  const store = options.store ?? (await openStore({ memory: true }));
  const clock = new TestClock();
  const logs: Record<string, unknown>[] = [];
  const logger = collectingLogger(config.logLevel, logs);

  const bound: { app?: App } = {};
  const sandbox = await createSandbox({
    db: store.db,
    clock,
    config: {
      ...testSandboxConfig(config),
      // As main.ts configures the embedded sandbox: payers sent back only to the pages this server accepts
      // as return URLs.
      returnOrigins: sandboxReturnOrigins(config.allowedOrigins, TEST_PUBLIC_URL),
      ...options.sandbox,
    },
    // Webhooks to this app go in-process as main.ts sends them; anything else is unreachable, as on a
    // closed network.
    fetch: webhooksToSelf(TEST_PUBLIC_URL, bound, async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      throw new TypeError(`fetch failed: ${url} is unreachable in tests`);
    }),
  });
  const provider = sandboxClient(config, inProcessFetch(sandbox.app));
  const app = createApp({
    config,
    store,
    provider,
    clock,
    logger,
    sandbox,
    publicUrl: TEST_PUBLIC_URL,
    translationsDir: options.translationsDir,
    drawPreviewCard: options.drawPreviewCard,
  });
  // The demo site, mounted as main.ts mounts it in embedded mode.
  mountDemo(app, { config, publicUrl: TEST_PUBLIC_URL, sandbox });
  bound.app = app;

  const bodies: string[] = [];
  return {
    app,
    config,
    store,
    sandbox,
    provider,
    clock,
    logs,
    bodies,
    async request(method, path, body, headers = {}) {
      const answer = await requestOf(app, method, path, body, headers);
      bodies.push(answer.text);
      return answer;
    },
    settle: () => sandbox.runDue(),
    close: async () => {
      if (!options.store) await store.close();
    },
  };
}
