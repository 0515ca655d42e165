/**
 * The merchant's logo for a preview card. The logo URL is whatever the merchant typed, and the card is
 * public: fetching it from this server must never reach this server's own network (its loopback, the
 * private and link-local ranges, a cloud's metadata address) and show the answer to anyone. So a logo on
 * another origin is fetched over http(s) only when every address its host resolves to is public, from the
 * address that was checked (a second DNS answer cannot swap in a private one), and a redirect is not
 * followed. A logo on this server's own origin (the sandbox's) is read in-process, without a request.
 * Anything refused or unreadable is no logo: the card shows its badge instead.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { CardLogo } from './preview-card-draw.ts';

const LOGO_TYPES = new Set<string>(['image/png', 'image/jpeg', 'image/svg+xml']);
export const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_TIMEOUT_MS = 3000;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface LogoFetchOptions {
  /** This server's public origin: a logo there is read with `fetchLocal`. */
  ownOrigin: string;
  /** This server's own answer for a path. */
  fetchLocal: (path: string) => Promise<Response>;
  /** Every address of a host name; tests pass one that answers a made-up name. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Whether an address may be connected to; tests let their 127.0.0.1 server count as public. */
  isAllowed?: (address: string) => boolean;
}

/** Ranges a logo is never fetched from: this host, private networks, link-local, CGNAT, multicast. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and the reserved 240/4, 255.255.255.255 included
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96], // NAT64 of an IPv4 address, which may be a private one
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, or its hex form): the IPv4 address, else undefined. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match) return undefined;
  const tail = match[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = mappedIpv4(address);
    if (v4) return isPublicAddress(v4);
  }
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** The first address of `hostname` when all of them may be connected to; else undefined. */
async function vettedAddress(
  hostname: string,
  resolve: NonNullable<LogoFetchOptions['resolve']>,
  isAllowed: (address: string) => boolean,
): Promise<ResolvedAddress | undefined> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal as 4 | 6 }] : await resolve(bare);
  if (addresses.length === 0 || !addresses.every(({ address }) => isAllowed(address))) return undefined;
  return addresses[0];
}

/** One GET of `url` connected to `address` (TLS still checks the certificate against the URL's host). */
function getFrom(url: URL, address: ResolvedAddress): Promise<CardLogo | undefined> {
  // The vetted address, whatever the name resolves to now.
  const pinned: LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.get(
      url,
      { lookup: pinned, timeout: LOGO_TIMEOUT_MS, signal: AbortSignal.timeout(LOGO_TIMEOUT_MS) },
      (response) => {
        const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        // A redirect is an answer like any other that is not 200: no logo.
        if (response.statusCode !== 200 || !LOGO_TYPES.has(type)) {
          response.destroy();
          return resolve(undefined);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > LOGO_MAX_BYTES) {
            response.destroy();
            resolve(undefined);
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ type: type as CardLogo['type'], bytes: new Uint8Array(Buffer.concat(chunks)) }),
        );
        response.on('error', () => resolve(undefined));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/** The merchant's logo, or none when it is refused or cannot be read in time as an image we draw. */
export async function fetchLogo(address: string, options: LogoFetchOptions): Promise<CardLogo | undefined> {
  try {
    const url = new URL(address);
    if (url.origin === options.ownOrigin) {
      const response = await options.fetchLocal(`${url.pathname}${url.search}`);
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!response.ok || !LOGO_TYPES.has(type)) return undefined;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.length > LOGO_MAX_BYTES ? undefined : { type: type as CardLogo['type'], bytes };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const vetted = await vettedAddress(
      url.hostname,
      options.resolve ?? systemResolve,
      options.isAllowed ?? isPublicAddress,
    );
    return vetted ? await getFrom(url, vetted) : undefined;
  } catch {
    return undefined;
  }
}
