/**
 * The receipt page: what it shows for a success, a failure and a payment in flight, in the payer's
 * language; that a wrong or unknown address gets one same 404; its policy; merchant text kept as text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiptPath } from '../../../server/pay/receipts/link.ts';
import { RECEIPT_POLICY } from '../../../server/pay/receipts/routes.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, get } from '../payments/helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const pathOf = (reference: string) => receiptPath([TEST_MERCHANT_KEY], reference);
/** English unless a test asks otherwise (the seeded link's own locale is French). */
const page = (path: string, headers: Record<string, string> = {}) =>
  t.request('GET', path, undefined, { 'Accept-Language': 'en', ...headers });

/** The summary's rows as `label: value` lines, tags dropped, in order. */
function rowsOf(html: string): string[] {
  return [...html.matchAll(/<div class="receipt__row"><dt>(.*?)<\/dt><dd>(.*?)<\/dd><\/div>/g)].map(
    ([, label, value]) => `${label}: ${value}`,
  );
}

async function paid(phone: string) {
  const { reference } = await created(t, fixedCiPayment(phone));
  await t.settle();
  return reference;
}

describe('the receipt page', () => {
  it('shows a success: merchant, amount, fee, total, method, masked phone, reference, date, status', async () => {
    const reference = await paid('+2250700000001');
    const res = await page(pathOf(reference), { 'Accept-Language': 'en-GB,en;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('refresh')).toBeNull();
    expect(res.text).toContain(
      '<p class="receipt__merchant">Abonnement Premium — L&#39;Écho d&#39;Abidjan</p>',
    );
    expect(res.text).toContain('Payment successful');
    expect(rowsOf(res.text)).toEqual([
      'Amount: F\u202fCFA\u00a015,000',
      'Fee: F\u202fCFA\u00a0150',
      'Total: F\u202fCFA\u00a015,150',
      'Paid with: MTN Mobile Money',
      'Phone number: ****0001',
      `Reference: ${reference}`,
      'Date: November 22, 2026, 10:00 GMT',
      'Status: Payment successful',
    ]);
    // Final: print and share (hidden until the script shows them), no form.
    expect(res.text).toContain('data-print hidden');
    expect(res.text).toContain('data-share hidden');
    expect(res.text).not.toContain('<form');
  });

  it('shows a failure with its reason, in French from Accept-Language', async () => {
    const reference = await paid('+2250700000004');
    const res = await page(pathOf(reference), { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain('<h1 class="receipt__title">Reçu</h1>');
    expect(res.text).toContain('Échec du paiement');
    expect(res.text).toContain('Votre solde est insuffisant.');
    expect(rowsOf(res.text)).toContain('Statut: Échec du paiement');
    expect(rowsOf(res.text)).toContain('Total: 15\u202f150\u00a0F\u202fCFA');
  });

  it("writes its date in the market's zone, named, with two-digit minutes in every language", async () => {
    const reference = await paid('+2250700000001');
    const dateIn = async (lang: string) =>
      rowsOf((await page(`${pathOf(reference)}?lang=${lang}`)).text).find((row) => row.includes('2026'));
    expect(await Promise.all(['yo', 'sw', 'ha', 'wo'].map(dateIn))).toEqual([
      'Ọjọ́: 22/11/2026, 10:00 GMT',
      'Tarehe: 22 Novemba 2026, 10:00 GMT',
      'Kwanan wata: 22/11/2026, 10:00 GMT',
      'Bés: 22/11/2026, 10:00 GMT',
    ]);
  });

  it('takes ?lang= over Accept-Language, and keeps it for "Check again"', async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000003'));
    const res = await page(`${pathOf(reference)}?lang=sw`, { 'Accept-Language': 'fr' });
    expect(res.text).toContain('<html lang="sw">');
    expect(res.text).toContain('<input type="hidden" name="lang" value="sw">');
    expect(res.text).toContain('Angalia tena');
  });

  it('shows a payment in flight as it stands, refreshing itself, with "Check again" and no payment form', async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000003'));
    await t.settle();
    const path = pathOf(reference);
    const res = await page(path, { 'Accept-Language': 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('refresh')).toBe('5');
    expect(res.text).toContain('Approve on your phone');
    expect(res.text).toContain(
      `<form method="get" action="${path}"><button class="receipt__button" type="submit">Check again</button></form>`,
    );
    expect(res.text.match(/<form/g)).toHaveLength(1);
    expect(res.text).not.toContain('<input');
    expect(rowsOf(res.text)).toContain('Status: Approve on your phone');
  });

  it('follows the payment: the same address shows the success once it arrives', async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000001'));
    const path = pathOf(reference);
    expect((await page(path)).text).toContain('Approve on your phone');
    await t.settle();
    const after = await page(path);
    expect(after.text).toContain('Payment successful');
    expect(after.headers.get('refresh')).toBeNull();
  });

  it('answers a wrong proof, an unknown reference and a malformed address with one same 404', async () => {
    const reference = await paid('+2250700000001');
    const good = pathOf(reference);
    const proof = good.split('.')[1]!;
    const wrongProof = good.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    const unknown = pathOf('pay_0123456789abcdef0123456789abcdef');
    const swapped = `/pay/receipt/pay_0123456789abcdef0123456789abcdef.${proof}`;
    const answers = await Promise.all(
      [wrongProof, unknown, swapped, '/pay/receipt/pay_x', '/pay/receipt/x.y'].map((p) => page(p)),
    );
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(answers[0]!.text);
      expect(res.text).not.toContain(reference);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await page(good)).status).toBe(200);
  });

  it('counts addresses that open nothing against the client, like wrong payment tokens (429 past the limit)', async () => {
    t = await restartWith({ RATE_LIMITS: 'token=2/60' });
    const unknown = pathOf('pay_0123456789abcdef0123456789abcdef');
    expect((await page(unknown)).status).toBe(404);
    expect((await page(unknown)).status).toBe(404);
    const third = await page(unknown);
    expect(third.status).toBe(429);
    // A payer's page: the refusal is a page too, saying when to try again.
    expect(third.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends its strict policy: our origin only, no inline script or style, never cached, no referrer', async () => {
    const reference = await paid('+2250700000001');
    const res = await page(pathOf(reference));
    expect(res.headers.get('content-security-policy')).toBe(RECEIPT_POLICY);
    expect(RECEIPT_POLICY).not.toContain('unsafe-inline');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.text).not.toMatch(/<script>|<style|style=|\son\w+=/);
    // Nothing loads from another origin (the share block's WhatsApp link is followed, never loaded).
    expect(res.text).not.toMatch(/\ssrc="(https?:)?\/\/|<link [^>]*href="(https?:)?\/\//);
    expect([...res.text.matchAll(/href="(https?:)?\/\/[^"]*"/g)].map(([href]) => href)).toEqual([
      expect.stringMatching(/^href="https:\/\/wa\.me\/\?text=/),
    ]);
    const css = await page('/pay/receipt/receipt.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.text).toContain('@media print');
    const script = await page('/pay/receipt/receipt-share.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('navigator.share');
  });

  it("keeps the link's title and description as text, never markup", async () => {
    await t.store.db
      .updateTable('sandbox_payment_links')
      .set({ title: '<script>alert(1)</script>', description: '"><img src=x onerror=alert(2)>' })
      .where('id', '=', 'lnk_fixed_ci')
      .execute();
    const reference = await paid('+2250700000001');
    const res = await page(pathOf(reference));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<p class="receipt__merchant">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(res.text).toContain('<p class="receipt__for">&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</p>');
    expect(res.text).toContain('<title>Receipt · &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('<img');
  });
});

describe("the payer's view of the payment links its receipt", () => {
  it('has no receiptUrl in flight; once final, an absolute receiptUrl that opens the receipt without the token', async () => {
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000001'));
    expect(payment.status).toBe('processing');
    expect(payment).not.toHaveProperty('receiptUrl');
    await t.settle();
    const done = await get(t, reference, token);
    const receiptUrl: string = done.json.data.receiptUrl;
    expect(receiptUrl).toBe(`${TEST_PUBLIC_URL}${pathOf(reference)}`);
    const res = await page(new URL(receiptUrl).pathname);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Payment successful');
  });
});

describe("the merchant's payment list links each receipt", () => {
  it('gives every payment, in flight too, the receipt address its payer gets', async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000003'));
    const list = await t.request('GET', '/api/v1/payments', undefined, {
      Authorization: `Bearer ${TEST_MERCHANT_KEY}`,
    });
    expect(list.status).toBe(200);
    expect(list.json.data[0]).toMatchObject({ reference, status: 'processing' });
    expect(list.json.data[0].receiptUrl).toBe(`${TEST_PUBLIC_URL}${pathOf(reference)}`);
  });
});

async function restartWith(env: Record<string, string>) {
  await t.close();
  return startApp({ env });
}
