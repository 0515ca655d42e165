/**
 * Random identifiers and tokens from the operating system's CSPRNG, drawn from a pool.
 *
 * `randomBytes(16)` is a call into the CSPRNG per identifier, and a payment makes
 * about eight of them (its reference and token, the sandbox's ids). Filling a pool 4 kB at a time and
 * handing out each byte once costs a fraction of that: the same scheme Node's `randomUUID` uses. Every
 * byte comes from `randomFillSync` and none is handed out twice.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

function take(bytes: number): { start: number; end: number } {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const start = used;
  used += bytes;
  return { start, end: used };
}

/** `bytes` random bytes as lower-case hex (two characters each). */
export function randomHex(bytes: number): string {
  const { start, end } = take(bytes);
  return pool.toString('hex', start, end);
}

/** `bytes` random bytes as base64url, unpadded (for tokens and ids that travel in URLs). */
export function randomBase64url(bytes: number): string {
  const { start, end } = take(bytes);
  return pool.toString('base64url', start, end);
}

/** A uniform integer in [min, max) (node:crypto's, which rejects biased draws), so every random value comes from here. */
export { randomInt } from 'node:crypto';
