/**
 * A fake of the widget's transport: the backend's `/api/v1` answers, event streams the test pushes
 * into, uploads with progress, recorded navigations and a manual clock. Passed in as `el.transport`.
 */
import type { CheckoutConfig, Payment } from '../../widget/shared/contract.ts';
import type { Transport } from '../../widget/internal/transport.ts';

export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** `signal`: the request's own, as fetch was given it. */
type Handler = (request: Recorded, signal?: AbortSignal) => Response | Promise<Response>;

export const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ statusCode: status, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const fail = (status: number, code: string, message = code, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, error: { code, message, ...extra } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function config(overrides: Partial<CheckoutConfig> = {}): CheckoutConfig {
  return {
    kind: 'link',
    id: 'lnk_1',
    title: 'Awa Couture',
    description: 'Two dresses',
    currency: 'XOF',
    currencyExponent: 0,
    country: 'CI',
    amount: { fixed: 15000 },
    customFields: [],
    methods: [
      {
        provider: 'mtn',
        label: 'MTN MoMo',
        logo: 'https://example.com/mtn.png',
        inputs: [{ name: 'phoneNumber', label: 'Mobile money number', type: 'tel', required: true }],
      },
      { provider: 'orange', label: 'Orange Money', inputs: [] },
    ],
    hosted: false,
    anonymous: true,
    status: 'active',
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    reference: 'pay_ref_1',
    status: 'pending',
    action: 'otp',
    amount: 15000,
    currency: 'XOF',
    currencyExponent: 0,
    attemptsLeft: 5,
    ...overrides,
  };
}

export class FakeBackend implements Transport {
  readonly requests: Recorded[] = [];
  readonly navigated: string[] = [];
  readonly handlers = new Map<string, Handler>();
  readonly streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  #timers = new Map<number, { at: number; callback: () => void }>();
  #now = 0;
  #nextTimer = 1;

  constructor(checkout: CheckoutConfig = config()) {
    this.on('GET', `links/${checkout.id}`, () => ok(checkout));
    this.on('GET', `sessions/${checkout.id}`, () => ok(checkout));
    // The real locale files, as the web-test-runner server serves the repository.
    for (const language of ['fr', 'sw', 'ha', 'yo', 'wo']) {
      this.on('GET', `locales/${language}.json`, () => fetch(`/widget/i18n/${language}.json`));
    }
    this.on('GET', 'payments/pay_ref_1/events', (_, signal) => this.#stream(signal));
  }

  /** Answers `method path` (path after `/api/v1/`, or a locale file) with `handler` from now on. */
  on(method: string, path: string, handler: Handler) {
    this.handlers.set(`${method} ${path}`, handler);
    return this;
  }

  made(method: string, path: string) {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  fetch = async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const path = url.includes('/api/v1/') ? url.split('/api/v1/')[1]! : url.replace(/^.*\/(locales\/)/, '$1');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request = { method, path, headers, body };
    this.requests.push(request);
    const handler = this.handlers.get(`${method} ${path}`);
    if (!handler) return fail(404, 'not_found');
    // As a browser's fetch: an abort rejects at once, even while the answer is still held back.
    const aborted = new Promise<never>((_, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init.signal?.aborted) abort();
      init.signal?.addEventListener('abort', abort);
    });
    return Promise.race([handler(request, init.signal ?? undefined), aborted]);
  };

  upload = async (url: string, body: FormData, onProgress: (fraction: number) => void) => {
    const file = body.get('file') as File;
    const request = { method: 'POST', path: url.split('/api/v1/')[1]!, headers: {}, body: file.name };
    this.requests.push(request);
    onProgress(0.5);
    const handler = this.handlers.get('POST uploads');
    return handler
      ? handler(request)
      : ok({ id: `upl_${file.name}`, name: file.name, size: file.size, type: file.type }, 201);
  };

  navigate = (url: string) => {
    this.navigated.push(url);
  };

  // --- Event streams ----------------------------------------------------------------------------------

  /** An open event stream; as a browser's, aborting its request errors its body. */
  #stream(signal?: AbortSignal) {
    return new Response(
      new ReadableStream<Uint8Array>({
        start: (controller) => {
          this.streams.push(controller);
          signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  }

  /** Sends a `payment` event on the latest open stream. */
  push(update: Payment, id = 1) {
    const stream = this.streams.at(-1)!;
    stream.enqueue(
      new TextEncoder().encode(
        `: heartbeat\n\nid: ${id}\nevent: payment\ndata: ${JSON.stringify(update)}\n\n`,
      ),
    );
  }

  endStream() {
    this.streams.at(-1)?.close();
  }

  // --- Clock ------------------------------------------------------------------------------------------

  setTimeout = (callback: () => void, ms: number) => {
    const id = this.#nextTimer++;
    this.#timers.set(id, { at: this.#now + ms, callback });
    return id;
  };

  clearTimeout = (id: number) => {
    this.#timers.delete(id);
  };

  get pendingTimers() {
    return this.#timers.size;
  }

  /** In how many ms each pending timer falls due, soonest first. */
  get dueIn(): number[] {
    return [...this.#timers.values()].map((timer) => timer.at - this.#now).sort((a, b) => a - b);
  }

  /** Moves the clock on, running every timer that falls due on the way, in order. */
  advance(ms: number) {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#timers]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = due[1].at;
      due[1].callback();
    }
    this.#now = end;
  }
}

/** A promise and its resolver, to hold an answer until the test lets it go. */
export function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}
