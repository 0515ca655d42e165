/**
 * The request core of the provider client: authentication headers, a timeout on every attempt, parsing
 * of every answer, error mapping and retries where resending is safe.
 *
 * Retry policy (by `RetryPolicy`, chosen per endpoint in client.ts):
 * - `read` (every GET): retried after a network error, a timeout, or an answer 500/502/503/504.
 * - `replayable` (a POST carrying our `reference`: checkout, direct charge, disbursement): retried after a
 *   network error that left us without any answer and after 500/502/503/504. A resend that reaches a
 *   provider which did process the first attempt is answered `DuplicateReference` (409); the caller
 *   resolves that through verify. Never retried after a timeout: the call may have gone through, so
 *   `Timeout` is surfaced and the caller resolves it through verify, under the same reference.
 * - `once` (confirm, recipient validation, a checkout without reference): never retried.
 * Never retried on 4xx. Delays: capped exponential backoff with full jitter,
 * `random() * min(capMs, baseMs * 2^attempt)`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import { ProviderError } from './errors.ts';
import { ProviderErrorBodySchema } from './schemas.ts';

export type RetryPolicy = 'read' | 'replayable' | 'once';

/** `globalThis.fetch`, or e.g. `(input, init) => sandboxApp.request(input, init)` to stay in-process. */
export type FetchLike = (input: string, init: RequestInit) => Response | Promise<Response>;

export interface TransportOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
  /** Per attempt. Default 15 000 ms. */
  timeoutMs?: number;
  /** Additional attempts after the first, where the policy allows. Default 2. */
  retries?: number;
  backoff?: { baseMs: number; capMs: number };
  /** In [0, 1); injectable so tests get fixed delays. */
  random?: () => number;
  /** Injectable so tests do not wait; must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ProviderRequest<T> {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  response: z.ZodType<T>;
  retry: RetryPolicy;
  /** The caller's cancellation; its reason is rethrown as is, never turned into a ProviderError. */
  signal?: AbortSignal;
}

const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);

export function createTransport(options: TransportOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 2;
  const backoff = options.backoff ?? { baseMs: 200, capMs: 2_000 };
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));

  function urlOf(request: ProviderRequest<unknown>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) params.set(name, String(value));
    }
    const search = params.size > 0 ? `?${params}` : '';
    return `${baseUrl}${request.path}${search}`;
  }

  /**
   * One attempt. A failure says whether an answer had arrived: a replayable POST may be resent only when
   * the provider cannot have seen it, or answered that it failed.
   */
  async function attempt<T>(request: ProviderRequest<T>): Promise<Outcome<T>> {
    const deadline = attemptSignal(request.signal, timeoutMs);
    try {
      return await attemptWithin(request, deadline.signal, deadline.timedOut);
    } finally {
      deadline.release();
    }
  }

  async function attemptWithin<T>(
    request: ProviderRequest<T>,
    signal: AbortSignal,
    timedOut: () => boolean,
  ): Promise<Outcome<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'client-id': options.clientId,
      'client-secret': options.clientSecret,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    };

    let response: Response;
    try {
      // Raced against the signal: an in-process transport (Hono's app.request) ignores it.
      response = await untilAborted(
        Promise.resolve().then(() => fetchImpl(urlOf(request), init)),
        signal,
      );
    } catch (error) {
      return { error: transportFailure(error, request, timedOut()), answered: false };
    }
    try {
      const text = await untilAborted(response.text(), signal);
      return { value: parseAnswer(response.status, text, request.response) };
    } catch (error) {
      const failure = error instanceof ProviderError ? error : transportFailure(error, request, timedOut());
      return { error: failure, answered: true };
    }
  }

  /** The caller's abort reason as is; otherwise a Timeout or NetworkError ProviderError (status 0). */
  function transportFailure(
    error: unknown,
    request: ProviderRequest<unknown>,
    timedOut: boolean,
  ): unknown {
    if (request.signal?.aborted) return request.signal.reason;
    const where = `${request.method} ${request.path}`;
    if (timedOut) return new ProviderError(0, 'Timeout', `${where} timed out after ${timeoutMs} ms`);
    const detail = error instanceof Error ? error.message : String(error);
    return new ProviderError(0, 'NetworkError', `${where} failed: ${detail}`, { cause: error });
  }

  return async function send<T>(request: ProviderRequest<T>): Promise<T> {
    for (let attemptNumber = 0; ; attemptNumber++) {
      const outcome = await attempt(request);
      if ('value' in outcome) return outcome.value;
      if (attemptNumber >= retries || !shouldRetry(outcome, request.retry)) throw outcome.error;
      const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** attemptNumber);
      await sleep(Math.floor(random() * ceiling), request.signal);
    }
  };
}

type Outcome<T> = { value: T } | { error: unknown; answered: boolean };

function shouldRetry(failure: { error: unknown; answered: boolean }, policy: RetryPolicy): boolean {
  const { error, answered } = failure;
  // Not a ProviderError: the caller aborted, so stop at once.
  if (!(error instanceof ProviderError) || policy === 'once') return false;
  if (RETRYABLE_STATUSES.has(error.status)) return true;
  if (policy === 'read') return error.errorCode === 'Timeout' || error.errorCode === 'NetworkError';
  return error.errorCode === 'NetworkError' && !answered;
}

/**
 * One attempt's signal: aborted when `timeoutMs` passes or the caller aborts. A plain controller and
 * timer rather than `AbortSignal.any([caller, AbortSignal.timeout(ms)])`: those build transferable
 * signals, which cost several times more on Node 20, on every provider call.
 */
function attemptSignal(caller: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`The operation timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  timer.unref(); // as AbortSignal.timeout's: a pending attempt does not keep the process alive
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** 2xx: the envelope of the endpoint. Otherwise the provider's `{error, errorCode}` body. */
function parseAnswer<T>(status: number, text: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError(
      status,
      'InvalidResponse',
      `provider answered HTTP ${status} with a body that is not JSON`,
    );
  }
  if (status < 200 || status > 299) {
    const body = ProviderErrorBodySchema.safeParse(json);
    if (!body.success) {
      throw new ProviderError(
        status,
        'InvalidResponse',
        `provider answered HTTP ${status} without an error body`,
      );
    }
    throw new ProviderError(status, body.data.errorCode, body.data.error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    throw new ProviderError(
      status,
      'InvalidResponse',
      `unexpected provider answer: ${where.slice(0, 5).join('; ')}`,
    );
  }
  return parsed.data;
}
