/**
 * Request and response headers without WHATWG Headers objects on the hot path.
 *
 * Under @hono/node-server, `c.req.header()` builds a Headers object from every incoming header, and each
 * `c.header()` or `c.res.headers.set()` validates into another one that node-server then copies back into
 * a plain object: together most of a warm GET's cost. Node's own objects are at hand in the bindings
 * (`incoming`, `outgoing`), and Node merges headers set early on `outgoing` with the ones the response
 * brings, the response's winning. Under `app.request()` (tests, the in-process sandbox) there are no
 * bindings and these fall back to Hono's API, with the same result.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

const bindings = (c: Context) => (c.env ?? {}) as NodeBindings;

/** Node's request when the app runs under @hono/node-server. */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  return bindings(c).incoming;
}

/** A request header, as `c.req.header(name)` answers it (any case: Node keeps the names in lower case). */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Node's response when the app runs under @hono/node-server and nothing has been sent yet. */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const { outgoing } = bindings(c);
  return outgoing && !outgoing.headersSent ? outgoing : undefined;
}

/**
 * Sets a header of the answer before the handler answers: on Node's response where there is one (merged
 * into the answer when its head is written), else through Hono. The answer's own headers win.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  const outgoing = nodeResponse(c);
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}
