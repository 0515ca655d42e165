/**
 * Whether a host name or address can only be reached from this machine: 127.0.0.0/8, ::1 (in any
 * spelling, IPv4-mapped too) or `localhost`. Other names are not resolved: a name could point anywhere,
 * so it does not count as loopback.
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  if (family === 0) return false;
  return LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
