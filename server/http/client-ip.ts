/**
 * The client's IP address, for per-IP limits and allowlists. Without proxies (`TRUST_PROXY` unset or 0),
 * the socket's address. Behind `TRUST_PROXY=n` reverse proxies, each of which appends the address it
 * received the request from to `X-Forwarded-For`: the chain is the header's entries followed by the
 * socket's address, and the client is the n-th hop from its right end (Express's convention). Entries
 * further left were written by whoever sent the request, so they are never read. A request that brings
 * fewer hops than that (it bypassed a proxy) gets the leftmost hop it has.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** In-process requests (tests, the sandbox's own calls) have no socket: they all share this address. */
const UNKNOWN_IP = 'unknown';

/** Longer than any IPv6 address with a zone: not an address, and not worth keeping as a limit's key. */
const MAX_ADDRESS_LENGTH = 64;

export function clientIp(c: Context, trustedProxies: number): string {
  const socket = socketAddress(c);
  if (trustedProxies === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [...forwarded, socket];
  const client = hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? socket;
  return client.length <= MAX_ADDRESS_LENGTH ? client : UNKNOWN_IP;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_IP;
  } catch {
    return UNKNOWN_IP;
  }
}
