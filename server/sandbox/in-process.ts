/**
 * How the provider client reaches the embedded sandbox: through the sandbox's Hono app, in-process, with
 * no socket. Hono's `app.request(url, init)` would first build a WHATWG Request (undici validates the
 * URL and every header and wraps the body in a stream), which on our machines costs more than the
 * sandbox's own work for a charge. The client's requests are simple: a method, a URL, a few headers, a
 * JSON text. `InProcessRequest` carries exactly that and answers the members Hono and the sandbox's
 * routes read (url, method, headers, signal, text/json/arrayBuffer); anything else turns it into a real
 * Request first, so nothing behaves differently from `app.request`.
 *
 * Measured against the plain path (the client fetching the sandbox over this server's own socket): see
 * the figures beside its use in `server/main.ts`; without it a payment costs the server almost three
 * times the CPU.
 */
import type { FetchLike } from '../provider/http.ts';

/** What a Hono app offers: `fetch(request)`. */
interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

class InProcessRequest {
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly #body: string | null;
  #real: Request | undefined;

  constructor(
    readonly url: string,
    init: RequestInit,
  ) {
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new TypeError('the in-process provider transport carries text bodies only');
    }
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.signal = init.signal ?? new AbortController().signal;
    this.#body = init.body ?? null;
  }

  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }

  text(): Promise<string> {
    return Promise.resolve(this.#body ?? '');
  }

  json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.text().then((text) => new TextEncoder().encode(text).buffer as ArrayBuffer);
  }

  /** The same request as a WHATWG Request, for anything beyond what the sandbox's routes read. */
  toRequest(): Request {
    this.#real ??= new Request(this.url, {
      method: this.method,
      headers: this.headers,
      signal: this.signal,
      ...(this.#body === null ? {} : { body: this.#body }),
    });
    return this.#real;
  }

  blob(): Promise<Blob> {
    return this.toRequest().blob();
  }

  formData(): Promise<FormData> {
    return this.toRequest().formData();
  }

  clone(): Request {
    return this.toRequest().clone();
  }
}

/** A FetchLike for the provider client that hands each request to `app` in-process. */
export function inProcessFetch(app: FetchHandler): FetchLike {
  return (url, init) => {
    // Relative URLs are resolved as app.request resolves them; the client always sends absolute ones.
    const absolute = /^https?:\/\//.test(url) ? url : `http://localhost${url.startsWith('/') ? '' : '/'}${url}`;
    return app.fetch(asRequest(new InProcessRequest(absolute, init)));
  };
}

/**
 * Hono's `fetch` is typed to take a whole WHATWG Request. An InProcessRequest answers only the members
 * Hono and the sandbox's routes read; it cannot declare the rest (`body` as a stream, above all) without
 * building the real Request it exists to avoid, and a `body` getter would send hono's `bodyLimit` down
 * that path. So the type is asserted here, once.
 */
const asRequest = (request: InProcessRequest) => request as unknown as Request;

/**
 * The embedded sandbox's outbound fetch: its webhooks to this very server (`ownUrl`) go to `target.app`
 * in-process, as the client's calls to the sandbox do (no socket, no proxy in between; the same route,
 * the same raw bytes and signature); everything else goes to `elsewhere`. `target.app` is read at each
 * call: the app exists only once the sandbox does.
 *
 * Without it (every webhook over the socket) a payment costs the server markedly more CPU and memory:
 * `npm run bench` measures it, on its `POST /api/v1/payments` line (cpu/request in the load table) and
 * its `peak RSS under load` line; compare a build without it in alternating runs (`BENCH_ONLY=server`).
 */
export function webhooksToSelf(ownUrl: string, target: { app?: FetchHandler }, elsewhere: typeof fetch): typeof fetch {
  const under = `${ownUrl}/`;
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (target.app && url.startsWith(under) && !(input instanceof Request)) {
      return Promise.resolve(inProcessFetch(target.app)(url, init ?? {}));
    }
    return elsewhere(input, init);
  };
}
