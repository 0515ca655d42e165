/**
 * The public `/api/v1` client on an injectable transport. Every failure becomes an
 * `ApiFailure` carrying the backend's error envelope, or a synthesised one when the network failed.
 */
import type {
  ApiError,
  CheckoutConfig,
  ConfirmPayment,
  CreatePayment,
  CreatedPayment,
  Payment,
  Upload,
} from '../shared/contract.ts';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readEventStream, type Transport } from './transport.ts';

/** A handoff as `POST /api/v1/handoffs` answers it. */
export interface Handoff {
  id: string;
  followToken: string;
  /** The phone's pay page, shown as text beside its QR code. */
  url: string;
  /** The QR code of `url`, an SVG of the backend's own (so `img-src` of a strict CSP already allows it). */
  qrSvg: string;
  expiresAt: string;
}

export class ApiFailure extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly error: ApiError;
  constructor(status: number, error: ApiError) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

/** A new attempt's Idempotency-Key: 128 random bits in hex. */
export const idempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** No definitive answer: the same attempt may be sent again with the same Idempotency-Key. */
export const isInconclusive = (failure: ApiFailure) =>
  failure.status === 0 || failure.status >= 500 || failure.error.code === 'request_in_progress';

const networkError = (): ApiFailure =>
  new ApiFailure(0, { code: 'provider_unavailable', message: 'Network error' });

/**
 * A request still unanswered after this long is given up as a network failure, which the payer can try
 * again (with the same Idempotency-Key): on a stalled mobile connection the browser itself would wait for
 * minutes, with the button saying "Please wait…" all along. The backend answers within its provider
 * timeout (15 s by default), so this is far above any answer that is still coming.
 */
export const REQUEST_TIMEOUT_MS = 45_000;

/**
 * The event stream is given up when it has said nothing for this long: the backend writes at least a
 * heartbeat every 15 s, so the connection was lost without a word (a phone changing networks, or back
 * from the wallet app). The widget then polls instead.
 */
export const STREAM_SILENCE_MS = 35_000;

/**
 * A signal that aborts with `given` (the caller's) or once `ms` pass on the transport's clock; `wind()`
 * starts the `ms` again, `done()` stops the clock and lets go of `given` (which may outlive this request).
 */
function deadline(transport: Transport, given: AbortSignal | null | undefined, ms: number) {
  const controller = new AbortController();
  let timer = 0;
  const clear = () => transport.clearTimeout(timer);
  // Aborted either way, the clock stops at once: no timer outlives its request.
  const abort = () => {
    clear();
    controller.abort();
  };
  const wind = () => {
    clear();
    if (!controller.signal.aborted) timer = transport.setTimeout(abort, ms);
  };
  const done = () => {
    clear();
    given?.removeEventListener('abort', abort);
  };
  if (given?.aborted) abort();
  else given?.addEventListener('abort', abort);
  wind();
  return { signal: controller.signal, wind, done };
}

/** `cancelled`: whether the caller gave the request up (its answer is then of no use to anyone). */
async function unwrap<T>(answer: Promise<Response>, cancelled = () => false): Promise<T> {
  let response: Response;
  let body: { data?: T; error?: ApiError } | undefined;
  try {
    response = await answer;
    // A body that is not JSON is an answer still (its status says what happened); one that stopped
    // arriving (a connection cut mid-answer) is none: the payer does not know what the server did.
    body = await response.json().catch((error: Error) => {
      if (error.name !== 'SyntaxError') throw error;
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && cancelled()) throw error;
    throw networkError();
  }
  if (response.ok && body && 'data' in body) return body.data as T;
  throw new ApiFailure(response.status, body?.error ?? { code: 'internal', message: response.statusText });
}

export class Api {
  private readonly _base: string;
  private readonly _transport: Transport;

  constructor(base: string, transport: Transport) {
    this._base = base.replace(/\/$/, '') + '/api/v1/';
    this._transport = transport;
  }

  /** `token`: the payment's, or (`tokenHeader`) another secret of the request's own. */
  private _request<T>(path: string, init: RequestInit = {}, token?: string, tokenHeader = 'payment-token'): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body) headers['content-type'] = 'application/json';
    if (token) headers[tokenHeader] = token;
    const given = init.signal;
    const timeout = deadline(this._transport, given, REQUEST_TIMEOUT_MS);
    return unwrap<T>(
      this._transport.fetch(this._base + path, {
        ...init,
        headers: { ...headers, ...init.headers },
        signal: timeout.signal,
      }),
      () => !!given?.aborted,
    ).finally(timeout.done);
  }

  config(kind: 'link' | 'session', id: string, signal: AbortSignal) {
    return this._request<CheckoutConfig>(`${kind}s/${encodeURIComponent(id)}`, { signal });
  }

  upload(file: File, onProgress: (fraction: number) => void, signal: AbortSignal) {
    const body = new FormData();
    body.append('file', file);
    return unwrap<Upload>(this._transport.upload(this._base + 'uploads', body, onProgress, signal));
  }

  create(request: CreatePayment, idempotencyKey: string) {
    return this._request<CreatedPayment>('payments', {
      method: 'POST',
      body: JSON.stringify(request),
      headers: { 'idempotency-key': idempotencyKey },
    });
  }

  confirm(reference: string, token: string, answer: ConfirmPayment) {
    return this._request<Payment>(
      `payments/${reference}/confirm`,
      { method: 'POST', body: JSON.stringify(answer) },
      token,
    );
  }

  /** Reads the payment; `cancelled`: the payer came back from the hosted page's cancel, so record that. */
  payment(reference: string, token: string, signal?: AbortSignal, cancelled?: boolean) {
    return this._request<Payment>(
      `payments/${reference}${cancelled ? '/cancel' : ''}`,
      { signal, method: cancelled ? 'POST' : 'GET' },
      token,
    );
  }

  /** Hands the checkout to a phone: a prefilled pay page behind a QR code. */
  handOff(answers: object) {
    return this._request<Handoff>('handoffs', { method: 'POST', body: JSON.stringify(answers) });
  }

  /** Reads a handoff, with the payment made through it once there is one. */
  handoff(id: string, followToken: string, signal: AbortSignal) {
    return this._request<{ payment?: Payment; provider?: string }>(`handoffs/${id}`, { signal }, followToken, 'handoff-token');
  }

  /**
   * Follows the payment's event stream until it ends; rejects when it cannot be read, or once it has been
   * silent for `STREAM_SILENCE_MS`.
   */
  async follow(reference: string, token: string, signal: AbortSignal, onPayment: (payment: Payment) => void) {
    const silence = deadline(this._transport, signal, STREAM_SILENCE_MS);
    try {
      const response = await this._transport.fetch(`${this._base}payments/${reference}/events`, {
        headers: { accept: 'text/event-stream', 'payment-token': token },
        signal: silence.signal,
      });
      if (!response.ok || !response.body)
        throw new ApiFailure(response.status, { code: 'internal', message: 'stream' });
      await readEventStream(
        response.body,
        (event) => event.event === 'payment' && onPayment(JSON.parse(event.data) as Payment),
        silence.wind,
      );
    } finally {
      silence.done();
    }
  }
}

/**
 * One request at a time per purpose: starting one aborts the one before, whose late answer is dropped
 * (resolves `undefined`), so a slow config for an old `link` never replaces the current one.
 */
export class LatestRequest implements ReactiveController {
  private _controller?: AbortController;

  /** With a host, the request on its way is aborted when the host leaves the page. */
  constructor(host?: ReactiveControllerHost) {
    host?.addController(this);
  }

  hostDisconnected() {
    this.abort();
  }

  async run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    this.abort();
    const controller = (this._controller = new AbortController());
    try {
      const value = await request(controller.signal);
      return controller.signal.aborted ? undefined : value;
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      throw error;
    }
  }

  abort() {
    this._controller?.abort();
  }
}
