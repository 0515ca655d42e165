/**
 * The origins whose pages may use this backend: `ALLOWED_ORIGINS` (a `*` among them allows any), or,
 * unset, this server's own. CORS answers them, a payment's return URL must be on one, and only they may
 * frame the isolation page.
 */
import { isLoopbackHost } from './loopback.ts';

/**
 * The names a browser on this machine reaches a loopback server by. Not `[::1]`: a server reached there
 * was bound to it, so it is its own origin already, and CSP's `frame-ancestors` takes no IPv6 address.
 */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];

export const pageOrigins = (
  allowedOrigins: readonly string[] | undefined,
  publicUrl: string,
): readonly string[] => allowedOrigins ?? ownOrigins(publicUrl);

/**
 * This server's origin. On loopback it goes by several names: `npm start` binds 127.0.0.1 while the
 * README (and any developer) opens http://localhost:8787, and a page there must pay and frame the
 * checkout as well. Only this machine reaches those names, so allowing them all opens nothing to others.
 */
function ownOrigins(publicUrl: string): readonly string[] {
  const url = new URL(publicUrl);
  if (!isLoopbackHost(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [...new Set([url.origin, ...LOOPBACK_NAMES.map((name) => `${url.protocol}//${name}${port}`)])];
}
