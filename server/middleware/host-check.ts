/**
 * A server bound to loopback trusts that only this machine reaches it, which DNS rebinding breaks: a page
 * on `evil.example` whose name is then pointed at 127.0.0.1 talks to us as its own origin, and can read
 * the demo's routes or drive the sandbox's admin through them. The one thing it cannot change is the Host
 * header, which still names `evil.example`. So a loopback-bound server answers only requests addressed to
 * a loopback name (localhost, 127.0.0.0/8, ::1) or to its own PUBLIC_URL's host; anything else is refused
 * before any route runs, as Vite's and webpack's dev servers refuse an unknown Host.
 */
import type { MiddlewareHandler } from 'hono';
import { isLoopbackHost } from '../http/loopback.ts';

/** The host name in a Host header (`name:port`, `[v6]:port`), or undefined when it is not one. */
function hostName(header: string): string | undefined {
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Middleware for a server bound to `bindHost`; none (undefined) when that is not a loopback address, where
 * the network, not the Host header, decides who reaches it. `refuse` builds the error thrown for a
 * request addressed elsewhere (each app answers it in its own envelope).
 */
export function loopbackHostCheck(
  bindHost: string,
  publicUrl: string,
  refuse: (named: string) => Error,
): MiddlewareHandler | undefined {
  if (!isLoopbackHost(bindHost)) return undefined;
  const own = new URL(publicUrl).hostname;
  const allowed = (name: string | undefined) => name !== undefined && (name === own || isLoopbackHost(name));
  return async (c, next) => {
    const header = c.req.header('host');
    // Both the Host header and the URL's host (an absolute request target names its own) must be ours.
    for (const name of [
      header === undefined ? undefined : (hostName(header) ?? header),
      new URL(c.req.url).hostname,
    ]) {
      if (name !== undefined && !allowed(name)) throw refuse(name.slice(0, 100));
    }
    await next();
  };
}
