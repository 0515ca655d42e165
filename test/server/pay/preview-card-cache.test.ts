/** The preview cards' cache: bounded by count and by bytes, least recently asked for first out. */
import { describe, expect, it } from 'vitest';
import { cardCache } from '../../../server/pay/preview-card-routes.ts';

function counted(limits: { cards: number; bytes: number }) {
  const drawn: string[] = [];
  const cache = cardCache(limits);
  const ask = (key: string, size = 10) =>
    cache(key, async () => {
      drawn.push(key);
      return new Uint8Array(size);
    });
  return { drawn, ask };
}

describe("the preview cards' cache", () => {
  it('keeps 3 links in 6 languages at once when room for 18 cards', async () => {
    const { drawn, ask } = counted({ cards: 18, bytes: 1_000_000 });
    const keys = ['a', 'b', 'c'].flatMap((link) =>
      ['en', 'fr', 'wo', 'ha', 'yo', 'ig'].map((l) => `${link}${l}`),
    );
    for (const key of [...keys, ...keys]) await ask(key);
    expect(drawn).toEqual(keys);
  });

  it('lets the least recently asked for go first, by count and by bytes', async () => {
    const byCount = counted({ cards: 2, bytes: 1_000_000 });
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await byCount.ask(key);
    expect(byCount.drawn).toEqual(['a', 'b', 'c', 'b']);

    const byBytes = counted({ cards: 100, bytes: 250 });
    for (const key of ['a', 'b', 'c', 'a']) await byBytes.ask(key, 100);
    expect(byBytes.drawn).toEqual(['a', 'b', 'c', 'a']);
    await byBytes.ask('c', 100);
    expect(byBytes.drawn).toEqual(['a', 'b', 'c', 'a']);
  });
});
