// Pooled randomness (server/random.ts): the right sizes and alphabets, and never the same bytes twice,
// across pool refills too.
import { expect, it } from 'vitest';
import { randomBase64url, randomHex } from '../../server/random.ts';

it('answers hex and base64url of the asked size', () => {
  expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
  expect(randomBase64url(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

it('hands out no value twice, across many pool refills', () => {
  const seen = new Set<string>();
  // 20,000 x 16 bytes is about 78 refills of the 4 kB pool, sizes mixed so draws straddle its end.
  for (let i = 0; i < 10_000; i++) {
    seen.add(randomHex(16));
    seen.add(randomBase64url(16 + (i % 7)));
  }
  expect(seen.size).toBe(20_000);
});

it('refuses a draw larger than the pool', () => {
  expect(() => randomHex(4097)).toThrow(RangeError);
});
