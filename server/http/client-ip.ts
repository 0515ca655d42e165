/**
 * The client's IP address, for per-IP limits and allowlists. Without proxies (`TRUST_PROXY` unset or 0),
 * the socket's address. Behind `TRUST_PROXY=n` reverse proxies, each of which appends the address it
 * received the request from to `X-Forwarded-For`: the chain is the header's entries followed by the
 * socket's address, and the client is the n-th hop from its right end (Express's convention). Entries
 * further left were written by whoever sent the request, so they are never read. A request that brings
 * fewer hops than that (it bypassed a proxy) gets the leftmost hop it has.
 *
 * Limits count a client by `clientKey`, not by its address: an IPv6 subscriber is given a whole /64 (or
 * more) and can pick a fresh address inside it for every request, so an IPv6 client is keyed by its
 * network prefix (`IPV6_PREFIX_LENGTH`, 64 by default). An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`,
 * what a dual-stack socket reports for an IPv4 peer) is that IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** In-process requests (tests, the sandbox's own calls) have no socket: they all share this address. */
const UNKNOWN_IP = 'unknown';

/** Longer than any IPv6 address with a zone: not an address, and not worth keeping as a limit's key. */
const MAX_ADDRESS_LENGTH = 64;

/** How a client is told apart: the proxies to see through, and how much of an IPv6 address is the client. */
export interface ClientKeying {
  trustProxy: number;
  ipv6PrefixLength: number;
}

export function clientIp(c: Context, trustedProxies: number): string {
  const socket = socketAddress(c);
  if (trustedProxies === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => withoutPort(entry.trim()))
    .filter(Boolean);
  const hops = [...forwarded, socket];
  const client = hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? socket;
  return client.length <= MAX_ADDRESS_LENGTH ? client : UNKNOWN_IP;
}

/**
 * Some proxies write the client's port beside its address (`198.51.100.7:1001`, `[2001:db8::1]:1001`):
 * a client that changes its port is the same client, so the port is dropped before the address keys
 * anything.
 */
export function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return ipv4WithPort ? ipv4WithPort[1]! : entry;
}

/** What every per-IP limit, quota and failure count keys the client by (see the file's header). */
export function clientKey(c: Context, keying: ClientKeying): string {
  return addressKey(clientIp(c, keying.trustProxy), keying.ipv6PrefixLength);
}

/**
 * An IPv4 address as itself; an IPv4-mapped IPv6 address as its IPv4 address; any other IPv6 address as
 * its first `prefixLength` bits, written `xxxx:…/prefixLength` (the rest zero). Anything else (no
 * socket, a proxy's odd entry) is kept as it is, as before.
 */
export function addressKey(address: string, prefixLength: number): string {
  if (isIPv4(address)) return address;
  const unzoned = address.split('%')[0] ?? address;
  if (!isIPv6(unzoned)) return address;
  const groups = ipv6Groups(unzoned);
  if (isIpv4Mapped(groups))
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  const masked = groups.map((group, index) => {
    const bitsKept = Math.min(16, Math.max(0, prefixLength - index * 16));
    return group & ((0xffff << (16 - bitsKept)) & 0xffff);
  });
  return `${masked.map((group) => group.toString(16)).join(':')}/${prefixLength}`;
}

/** `::ffff:a.b.c.d`: eighty zero bits, sixteen ones, then the IPv4 address. */
function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_IP;
  } catch {
    return UNKNOWN_IP;
  }
}
