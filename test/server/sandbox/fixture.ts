/**
 * A provider sandbox for tests: in-memory SQLite, a clock that moves only when told, and a webhook
 * receiver that records every delivery attempt and answers what the test scripts.
 *
 * Typical use:
 *
 *     let sandbox: SandboxFixture;
 *     beforeEach(async () => { sandbox = await startSandbox(); });
 *     afterEach(() => sandbox.close());
 *
 *     const charge = await sandbox.api('POST', '/payments/v1/payments/direct-charge', {...});
 *     await sandbox.runDue();                      // applies due outcomes, sends due webhooks
 *     expect(sandbox.webhooks.deliveries).toHaveLength(1);
 *
 * Nothing here waits on real time: outcome delays are 0 and retries are driven with `clock.advance`.
 */
import { expect } from 'vitest';
import { ManualClock } from '../../../server/clock.ts';
import { createSandbox, type Sandbox } from '../../../server/sandbox/app.ts';
import type { SandboxConfigInput } from '../../../server/sandbox/config.ts';
import { openStore, type Store } from '../../../server/store/database.ts';

export const TEST_CLIENT_ID = 'test-client';
export const TEST_CLIENT_SECRET = 'test-secret-0123456789';
export const TEST_PUBLIC_URL = 'http://sandbox.test/sandbox';
export const TEST_WEBHOOK_URL = 'http://merchant.test/webhooks';

/** The headers every provider API and admin call carries. */
export const AUTH_HEADERS = { 'client-id': TEST_CLIENT_ID, 'client-secret': TEST_CLIENT_SECRET } as const;

export const TEST_CONFIG = {
  clientId: TEST_CLIENT_ID,
  clientSecret: TEST_CLIENT_SECRET,
  publicUrl: TEST_PUBLIC_URL,
  webhookUrl: TEST_WEBHOOK_URL,
  outcomeDelayMs: 0,
  webhookBackoffBaseMs: 1000,
  webhookBackoffCapMs: 60_000,
  webhookMaxAttempts: 4,
} satisfies SandboxConfigInput;

/**
 * A ManualClock that can also tell when code is blocked in `sleep` (a hanging `06` charge, injected
 * latency). Advancing before the sleeper has registered would move time past it without waking it, so a
 * test first awaits `sleeping()`, then advances.
 */
export class TestClock extends ManualClock {
  #sleeping = 0;
  #waiters: (() => void)[] = [];

  override sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const slept = super.sleep(ms, signal);
    this.#sleeping += 1;
    const done = () => {
      this.#sleeping -= 1;
    };
    slept.then(done, done);
    for (const wake of this.#waiters.splice(0)) wake();
    return slept;
  }

  /** How many sleeps are in progress right now. */
  get sleepers(): number {
    return this.#sleeping;
  }

  /** Resolves as soon as some code is sleeping on this clock (at once when some already is). */
  sleeping(): Promise<void> {
    if (this.#sleeping > 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}

/** What the fake receiver answers to one attempt: an HTTP status, or `'network-error'` to throw. */
export type ReceiverAnswer = number | 'network-error';

/** One webhook attempt as the receiver saw it, with what it answered. */
export interface RecordedDelivery {
  url: string;
  headers: Headers;
  /** The exact bytes sent (as text), which the signature covers. */
  rawBody: string;
  json: unknown;
  answer: ReceiverAnswer;
}

export interface WebhookRecorder {
  /** Every attempt in the order it was made, failed ones included. */
  readonly deliveries: RecordedDelivery[];
  /** Answers for the next attempts, used in order before falling back to the default. */
  answerNext(...answers: ReceiverAnswer[]): void;
  /** The answer once the scripted ones are used up (initially 200). */
  answerByDefault(answer: ReceiverAnswer): void;
  /** The fake `fetch` the sandbox sends webhooks with. */
  readonly fetch: typeof fetch;
}

export function createWebhookRecorder(): WebhookRecorder {
  const deliveries: RecordedDelivery[] = [];
  const scripted: ReceiverAnswer[] = [];
  let fallback: ReceiverAnswer = 200;
  const fakeFetch: typeof fetch = async (input, init) => {
    const rawBody = typeof init?.body === 'string' ? init.body : String(init?.body);
    const answer = scripted.shift() ?? fallback;
    deliveries.push({
      url: input instanceof Request ? input.url : String(input),
      headers: new Headers(init?.headers),
      rawBody,
      json: JSON.parse(rawBody) as unknown,
      answer,
    });
    if (answer === 'network-error') throw new TypeError('fetch failed: connect ECONNREFUSED');
    return new Response(answer === 200 ? 'ok' : 'receiver error', { status: answer });
  };
  return {
    deliveries,
    answerNext: (...answers) => void scripted.push(...answers),
    answerByDefault: (answer) => void (fallback = answer),
    fetch: fakeFetch,
  };
}

/** An answer of `api()`: the status, the parsed JSON body (null when the body is not JSON) and headers. */
export interface ApiAnswer<T = unknown> {
  status: number;
  json: ApiBody<T>;
  headers: Headers;
}

/** The provider's envelope: `data` on success, `error` + `errorCode` on failure, list fields on lists. */
export interface ApiBody<T> {
  statusCode: number;
  data: T;
  error?: string;
  errorCode?: string;
  total?: number;
  page?: number;
  pages?: number;
  limit?: number;
}

export interface StartOptions {
  /** Merged over TEST_CONFIG. */
  config?: Partial<SandboxConfigInput>;
  /** Uniform random numbers for fault injection (default Math.random). */
  random?: () => number;
  /** Start time of the clock (default ManualClock's, 2026-11-22T10:00:00.000Z, a Sunday). */
  now?: string;
}

export interface SandboxFixture {
  sandbox: Sandbox;
  store: Store;
  clock: TestClock;
  webhooks: WebhookRecorder;
  /**
   * A call with the auth headers. `body`: an object is sent as JSON with `content-type:
   * application/json`; a string is sent verbatim (still labelled JSON, e.g. to send broken JSON).
   * `headers` are merged over the defaults; a `null` value removes that header.
   */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string | null>,
    options?: { signal?: AbortSignal },
  ): Promise<ApiAnswer<T>>;
  /** Applies due outcomes and sends due webhooks, as the server's scheduler would. */
  runDue(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(overrides: StartOptions = {}): Promise<SandboxFixture> {
  const store = await openStore({ memory: true });
  const clock = new TestClock(overrides.now);
  const webhooks = createWebhookRecorder();
  const sandbox = await createSandbox({
    db: store.db,
    config: { ...TEST_CONFIG, ...overrides.config },
    clock,
    fetch: webhooks.fetch,
    ...(overrides.random ? { random: overrides.random } : {}),
  });

  async function api<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string | null> = {},
    options: { signal?: AbortSignal } = {},
  ): Promise<ApiAnswer<T>> {
    const merged: Record<string, string | null> = { ...AUTH_HEADERS };
    if (body !== undefined) merged['content-type'] = 'application/json';
    Object.assign(merged, headers);
    const sent = Object.fromEntries(
      Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    const response = await sandbox.app.request(path, {
      method,
      headers: sent,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    const json = (isJson ? await response.json() : null) as ApiBody<T>;
    return { status: response.status, json, headers: response.headers };
  }

  return {
    sandbox,
    store,
    clock,
    webhooks,
    api,
    runDue: () => sandbox.runDue(),
    close: () => store.close(),
  };
}

/**
 * The provider's error body, for `toEqual` on an answer's `json`; without `error` any message
 * is accepted.
 */
export const providerError = (statusCode: number, errorCode: string, error?: string) => ({
  statusCode,
  errorCode,
  error: error ?? expect.any(String),
});
