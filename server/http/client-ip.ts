/**
 * The client's IP address, for per-IP quotas and allowlists. From the socket by default; behind a
 * reverse proxy (`TRUST_PROXY`), from the first `X-Forwarded-For` entry, which the proxy is trusted to
 * have set. Never trust that header otherwise: any client can write it.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** In-process requests (tests, the sandbox's own calls) have no socket: they all share this address. */
export const UNKNOWN_IP = 'unknown';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first && first.length <= 64) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_IP;
  } catch {
    return UNKNOWN_IP;
  }
}
