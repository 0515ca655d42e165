/**
 * Every demo link's preview as a chat app's link parser reads it: open-graph-scraper (the parser link
 * unfurlers on npm use) fetches each pay page over real HTTP and must find a title, a description and a
 * PNG image; the image, fetched as the unfurler would, answers 200 with a PNG of the declared size.
 * The first card also starts the drawing thread, which once cost the day's first card a 500.
 */
import ogs from 'open-graph-scraper';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture;
let server: Loopback;
useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

/** The card's address as the page names it (the app's public URL), fetched from this server instead. */
const onLoopback = (url: string) => {
  const named = new URL(url);
  return `${server.base}${named.pathname}${named.search}`;
};

it('reads a title, a description and a PNG of the declared size for each demo link', async () => {
  const links = await t.store.db.selectFrom('sandbox_payment_links').select(['id', 'title']).execute();
  expect(links.length).toBeGreaterThanOrEqual(10);
  for (const link of links) {
    const page = `${server.base}/pay/${link.id}`;
    // The parser refuses any 4xx answer, as unfurlers do: an expired, completed or inactive link (410,
    // 409) is parsed from the page its status comes with, which must still carry its (priceless) card.
    const { status } = await fetch(page);
    const unpayable = status === 410 || status === 409;
    expect(unpayable || status === 200, `${link.id}: ${status}`).toBe(true);
    const { error, result } = await ogs(
      unpayable ? { html: await (await fetch(page)).text() } : { url: page, timeout: 20 },
    );
    expect(error, link.id).toBe(false);
    expect(result.ogTitle, link.id).toContain(link.title);
    expect(result.ogDescription?.length, link.id).toBeGreaterThan(0);
    expect(result.twitterCard, link.id).toBe('summary_large_image');
    expect(result.ogImage, link.id).toHaveLength(1);
    const [image] = result.ogImage!;
    expect(image!.type, link.id).toBe('image/png');
    expect([image!.width, image!.height], link.id).toEqual([1200, 630].map(String));

    const response = await fetch(onLoopback(image!.url));
    expect(response.status, link.id).toBe(200);
    expect(response.headers.get('content-type'), link.id).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([png.width, png.height], link.id).toEqual([1200, 630]);
  }
}, 180_000);
