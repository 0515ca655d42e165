/**
 * The share block of the pay page and of the receipt: WhatsApp and SMS as plain links whose message is
 * the title and the address (percent-encoded by hand here, not by the code under test), and the address
 * in a read-only field to copy, in the page's language. A link's title with markup stays text on the page
 * and is encoded in the links; a receipt's message carries none of the payer's data.
 */
import { describe, expect, it } from 'vitest';
import { receiptPath } from '../../../server/pay/receipts/link.ts';
import { TEST_MERCHANT_KEY, TEST_PUBLIC_URL } from '../app-fixture.ts';
import { sandboxAdmin } from '../checkout/helpers.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';
import { payPageFixture } from './page-fixture.ts';

const pay = payPageFixture();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** An attribute's value as the browser reads it. */
const unescape = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!);

/** The share block as a payer meets it: its heading, each app's link (href and rel), the field to copy. */
function shareOf(page: string) {
  const block = /<section class="share" aria-labelledby="share-title">(.*?)<\/section>/s.exec(page)?.[1];
  if (block === undefined) return undefined;
  const links = [...block.matchAll(/<a class="share__app" ([^>]*)>([^<]*)<\/a>/g)].map(
    ([, attributes, name]) => ({
      name,
      href: unescape(/href="([^"]*)"/.exec(attributes!)![1]!),
      rel: /rel="([^"]*)"/.exec(attributes!)?.[1],
      target: /target="([^"]*)"/.exec(attributes!)?.[1],
    }),
  );
  return {
    heading: /<h2 class="share__title" id="share-title">([^<]*)<\/h2>/.exec(block)?.[1],
    links,
    label: /<label class="share__label" for="share-url">([^<]*)<\/label>/.exec(block)?.[1],
    copy: /<textarea class="share__url" id="share-url" rows="\d" readonly data-copy>([^<]*)<\/textarea>/.exec(
      block,
    )?.[1],
  };
}

// "Abonnement Premium — L'Écho d'Abidjan", a new line, then the link's address, as encodeURIComponent
// writes it (which keeps ' as it is).
const FIXED_TITLE = "Abonnement%20Premium%20%E2%80%94%20L'%C3%89cho%20d'Abidjan";
const FIXED_URL = 'http%3A%2F%2Fpay.test%2Fpay%2Flnk_fixed_ci';

describe("a payment link's pay page", () => {
  it.each([
    ['en', 'Share this payment link', 'Link to copy'],
    ['fr', 'Partager ce lien de paiement', 'Lien à copier'],
  ])('offers WhatsApp, SMS and the address to copy (%s)', async (lang, heading, label) => {
    const { status, text } = await pay.browser.get(`/pay/lnk_fixed_ci?lang=${lang}`);
    expect(status).toBe(200);
    expect(shareOf(text)).toEqual({
      heading,
      links: [
        {
          name: 'WhatsApp',
          href: `https://wa.me/?text=${FIXED_TITLE}%0A${FIXED_URL}`,
          rel: 'noopener',
          target: '_blank',
        },
        { name: 'SMS', href: `sms:?&body=${FIXED_TITLE}%0A${FIXED_URL}`, rel: undefined, target: undefined },
      ],
      label,
      copy: `${TEST_PUBLIC_URL}/pay/lnk_fixed_ci`,
    });
    // Outside what the widget takes over with JavaScript on, and after it.
    expect(text.indexOf('<section class="share"')).toBeGreaterThan(text.indexOf('</form>'));
    expect(text).toMatch(/<\/form>\s*<\/div>\s*<section class="share"/);
  });

  it('keeps a title with markup as text: escaped in the page, encoded in the links', async () => {
    const title = `<script>alert(1)</script>"'&`;
    const made = await sandboxAdmin(pay.t, 'POST', '/payment-links', {
      id: 'lnk_share_xss',
      title,
      isAmountFixed: true,
      amount: 5_000,
      currency: 'XOF',
      country: 'CI',
    });
    expect(made.status).toBe(201);
    const { text } = await pay.browser.get('/pay/lnk_share_xss?lang=en');
    expect(text).not.toMatch(/<script>/);
    const encoded = `%3Cscript%3Ealert(1)%3C%2Fscript%3E%22'%26%0Ahttp%3A%2F%2Fpay.test%2Fpay%2Flnk_share_xss`;
    expect(text).toContain(`href="https://wa.me/?text=${encoded.replace("'", '&#39;')}"`);
    expect(shareOf(text)?.links.map((link) => link.href)).toEqual([
      `https://wa.me/?text=${encoded}`,
      `sms:?&body=${encoded}`,
    ]);
  });

  it('has none on a checkout session (its address is its payer’s alone) nor on a link that cannot be paid', async () => {
    const session = await pay.t.request(
      'POST',
      '/api/v1/sessions',
      { amount: 12_500, currency: 'XOF', country: 'CI' },
      { authorization: `Bearer ${TEST_MERCHANT_KEY}` },
    );
    const form = await pay.browser.get(`/pay/session/${session.json.data.id}?lang=en`);
    expect(form.status).toBe(200);
    expect(shareOf(form.text)).toBeUndefined();
    const expired = await pay.browser.get('/pay/lnk_expired_sn?lang=en');
    expect(expired.status).toBe(410);
    expect(shareOf(expired.text)).toBeUndefined();
  });
});

describe('the receipt', () => {
  it.each([
    ['en', 'Share this receipt', 'Link to copy', 'Receipt'],
    ['fr', 'Partager ce reçu', 'Lien à copier', 'Re%C3%A7u'],
  ])('shares its own address and no personal data (%s)', async (lang, heading, label, word) => {
    const { reference } = await created(pay.t, fixedCiPayment('+2250700000001'));
    await pay.t.settle();
    const path = receiptPath([TEST_MERCHANT_KEY], reference);
    const { status, text } = await pay.browser.get(`${path}?lang=${lang}`);
    expect(status).toBe(200);
    // The address without the reader's language: whoever opens it reads it in theirs.
    const address = encodeURIComponent(`${TEST_PUBLIC_URL}${path}`);
    expect(address).toMatch(/^http%3A%2F%2Fpay\.test%2Fpay%2Freceipt%2Fpay_[0-9a-f]{32}\.[\w-]{22}$/);
    const message = `${word}%20%C2%B7%20${FIXED_TITLE}%0A${address}`;
    expect(shareOf(text)).toEqual({
      heading,
      links: [
        {
          name: 'WhatsApp',
          href: `https://wa.me/?text=${message}`,
          rel: 'noopener noreferrer',
          target: '_blank',
        },
        { name: 'SMS', href: `sms:?&body=${message}`, rel: 'noreferrer', target: undefined },
      ],
      label,
      copy: `${TEST_PUBLIC_URL}${path}`,
    });
    // The payer's name, email and number are on the receipt, never in what is shared.
    for (const { href } of shareOf(text)!.links) {
      const shared = decodeURIComponent(href.replace(/^[^=]*=/, ''));
      expect(shared).not.toMatch(/Awa|Kon|example\.ci|0001|15[\s,.]?000/);
    }
  });
});
