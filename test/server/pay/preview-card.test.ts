/**
 * A link's preview card: the pay page's og:image (X reads it too) names a PNG of 1200x630 drawn from the
 * link's title, amount and logo in the page's language; it is drawn once per link version and language;
 * a link that cannot be paid gets one without a price; a receipt has no preview at all.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawCard, type CardContent } from '../../../server/pay/preview-card-draw.ts';
import { receiptPath } from '../../../server/pay/receipts/link.ts';
import { TEST_MERCHANT_KEY } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';
import { payPageFixture } from './page-fixture.ts';

/** What each card was drawn from, in order: the real drawer, counted. */
const drawn: CardContent[] = [];
/** Set by a test: the drawing thread gives up on the cards, as it does past its deadlines. */
let threadGivesUp = false;
const pay = payPageFixture({
  drawPreviewCard: (content) => {
    drawn.push(content);
    if (threadGivesUp) return Promise.reject(new Error('the card took over 2000 ms'));
    return drawCard(content);
  },
});

const meta = (text: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(text)?.[1];

async function card(url: string) {
  const response = await pay.t.app.request(url.replace('http://pay.test', ''));
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("a link's preview card", () => {
  it('is named by the page, answers a 1200x630 PNG, and is drawn once for many requests', async () => {
    drawn.length = 0;
    const page = await pay.browser.get('/pay/lnk_all_fields_sn');
    const image = meta(page.text, 'og:image')!;
    expect(image).toMatch(
      /^http:\/\/pay\.test\/pay\/card\/lnk_all_fields_sn\.png\?lang=fr&amp;v=[A-Za-z0-9_-]{16}$/,
    );
    expect(meta(page.text, 'og:image:width')).toBe('1200');
    expect(meta(page.text, 'og:image:height')).toBe('630');
    expect(meta(page.text, 'og:image:type')).toBe('image/png');
    expect(meta(page.text, 'twitter:card')).toBe('summary_large_image');
    // X takes the title, description and image from the Open Graph tags: only its card type is its own.
    expect(page.text).not.toMatch(/twitter:(?:title|description|image)/);

    const url = image.replace('&amp;', '&');
    const first = await card(url);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toBe('image/png');
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=3600');
    const png = PNG.sync.read(first.bytes);
    expect([png.width, png.height]).toEqual([1200, 630]);
    // Drawn from the link's words in its language, its SVG logo read from the sandbox's own address.
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({
      language: 'fr',
      title: 'Inscription — Marathon de Dakar',
      label: 'Montant à payer',
      amount: '10\u202f000\u00a0F\u202fCFA',
      host: 'pay.test',
      logo: { type: 'image/svg+xml' },
    });

    const second = await card(url);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(drawn).toHaveLength(1);
    // Another language is another card.
    await card('/pay/card/lnk_all_fields_sn.png?lang=en');
    expect(drawn).toHaveLength(2);
    expect(drawn[1]).toMatchObject({ language: 'en', label: 'Amount to pay' });
  });

  it('a link without a logo gets a card too; its version changes with what the card shows', async () => {
    drawn.length = 0;
    const en = meta((await pay.browser.get('/pay/lnk_tip_ci?lang=en')).text, 'og:image')!;
    const fr = meta((await pay.browser.get('/pay/lnk_tip_ci?lang=fr')).text, 'og:image')!;
    expect(en.replace(/.*v=/, '')).not.toBe(fr.replace(/.*v=/, ''));
    const answer = await card(fr.replace('&amp;', '&'));
    expect(PNG.sync.read(answer.bytes).width).toBe(1200);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.logo).toBeUndefined();
    expect(drawn[0]).toMatchObject({ label: 'Montant', title: 'Pourboire — Maquis Chez Tantie' });
  });

  it('a link that cannot be paid: a card that says why, without a price', async () => {
    drawn.length = 0;
    const page = await pay.browser.get('/pay/lnk_expired_sn?lang=fr');
    expect(page.status).toBe(410);
    const image = meta(page.text, 'og:image')!;
    expect(image).toMatch(/\/pay\/card\/lnk_expired_sn\.png\?lang=fr/);
    expect((await card(image.replace('&amp;', '&'))).response.status).toBe(200);
    expect(drawn).toEqual([
      {
        language: 'fr',
        title: 'Tabaski 2025 — colis solidaire',
        label: 'Ce lien de paiement a expiré',
        host: 'pay.test',
      },
    ]);
  });

  it('an unknown link or a wrong name gets a 404, and no card is drawn', async () => {
    drawn.length = 0;
    expect((await card('/pay/card/lnk_nope.png')).response.status).toBe(404);
    expect((await card('/pay/card/lnk_fixed_ci.svg')).response.status).toBe(404);
    expect(drawn).toHaveLength(0);
  });

  it('a logo that cannot be decoded: the card is drawn without it', async () => {
    const broken = {
      type: 'image/svg+xml' as const,
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"'),
    };
    const content = { language: 'en', title: 'T', label: 'Amount to pay', host: 'pay.test' };
    const png = PNG.sync.read(Buffer.from(await drawCard({ ...content, logo: broken })));
    expect([png.width, png.height]).toEqual([1200, 630]);
  });

  it("a logo on this server's network is never fetched: the card is drawn with the badge", async () => {
    drawn.length = 0;
    // An internal service, and a "logo" that redirects to it.
    const requests: string[] = [];
    const internal = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (request.url === '/redir') response.writeHead(302, { location: '/internal-admin' }).end();
      else
        response
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    try {
      const logo = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/redir`;
      await pay.t.store.db
        .updateTable('sandbox_payment_links')
        .set({ logo })
        .where('id', '=', 'lnk_fixed_ci')
        .execute();
      const answer = await card('/pay/card/lnk_fixed_ci.png?lang=en');
      expect(answer.response.status).toBe(200);
      expect(PNG.sync.read(answer.bytes).width).toBe(1200);
      expect(drawn).toHaveLength(1);
      expect(drawn[0]!.logo).toBeUndefined();
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it('a card the thread gives up on is a 503 to try again, then drawn by the next request', async () => {
    const page = await pay.browser.get('/pay/lnk_fixed_ci');
    const url = meta(page.text, 'og:image')!.replace('&amp;', '&');
    threadGivesUp = true;
    const refused = await card(url).finally(() => (threadGivesUp = false));
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('5');
    // The pay pages' error page, as for every /pay path: a person who opens the address reads why.
    expect(refused.response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.response.headers.get('cache-control')).not.toMatch(/max-age=[1-9]/);
    const again = await card(url);
    expect(again.response.status).toBe(200);
    expect(PNG.sync.read(again.bytes).width).toBe(1200);
  });

  it('a receipt has no preview: no og: or twitter: tags', async () => {
    const { reference } = await created(pay.t, fixedCiPayment('+2250700000001'));
    await pay.t.settle();
    const receipt = await pay.browser.get(receiptPath([TEST_MERCHANT_KEY], reference));
    expect(receipt.status).toBe(200);
    expect(receipt.text).not.toMatch(/og:|twitter:/);
  });
});
