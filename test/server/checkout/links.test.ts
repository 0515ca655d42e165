/** GET /api/v1/links/:id: the CheckoutConfig of every seeded link, through the whole app and sandbox. */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { findProvider, providerLogoDataUrl } from '../../../server/sandbox/providers.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { insertPayment } from './helpers.ts';

const LOGO = 'http://pay.test/sandbox/assets/merchant-logo.svg';
/** The sandbox's providers' logos travel inline in the config (tested against the served files below). */
const providerLogo = (slug: string) => providerLogoDataUrl(findProvider(slug)!);
const PHONE = {
  name: 'phoneNumber',
  label: 'Phone number',
  type: 'tel',
  required: true,
  pattern: '\\+?[0-9]{6,15}',
};
/** The sandbox's payer fee (its default `collectionFeeBps`), which the config passes on to the widget. */
const SANDBOX_FEE = { basisPoints: 100, fixed: 0 };
const singleNetworkMethod = (provider: string, label: string, network: string, value: string) => ({
  provider,
  label,
  logo: providerLogo(provider),
  channel: 'mobile-money',
  networks: [{ name: network, value, image: providerLogo(provider) }],
  inputs: [PHONE],
  fee: SANDBOX_FEE,
});

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const getLink = (id: string) => t.request('GET', `/api/v1/links/${id}`);

describe('GET /api/v1/links/:id', () => {
  it('answers a fixed XOF link (exponent 0) with its fields and methods', async () => {
    const res = await getLink('lnk_fixed_ci');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      statusCode: 200,
      data: {
        kind: 'link',
        id: 'lnk_fixed_ci',
        title: "Abonnement Premium — L'Écho d'Abidjan",
        description: 'Un mois d’accès illimité au journal, sans publicité.',
        logo: LOGO,
        locale: 'fr',
        messages: JSON.parse(readFileSync('widget/i18n/fr.json', 'utf8')),
        currency: 'XOF',
        currencyExponent: 0,
        country: 'CI',
        amount: { fixed: 15_000 },
        customFields: [{ name: 'subscriber_id', label: 'Numéro d’abonné', type: 'text', required: true }],
        methods: [
          singleNetworkMethod('mtn-ci', 'MTN Mobile Money', 'MTN', 'mtn'),
          singleNetworkMethod('orange-ci', 'Orange Money', 'Orange', 'orange'),
          singleNetworkMethod('moov-ci', 'Moov Money', 'Moov', 'moov'),
          singleNetworkMethod('wave-ci', 'Wave', 'Wave', 'wave'),
        ],
        hosted: true,
        anonymous: false,
        status: 'active',
      },
    });
  });

  it('answers the Swahili (KES) and Hausa (NGN) links with their locale', async () => {
    const swahili = await getLink('lnk_swahili_ke');
    expect(swahili.status).toBe(200);
    expect(swahili.json.data).toMatchObject({
      id: 'lnk_swahili_ke',
      locale: 'sw',
      currency: 'KES',
      currencyExponent: 2,
      country: 'KE',
      amount: { fixed: 250_000 },
      customFields: [{ name: 'student_name', label: 'Jina la mwanafunzi', type: 'text', required: true }],
    });
    expect(swahili.json.data.methods.map((method: { provider: string }) => method.provider)).toEqual([
      'mpesa-ke',
      'airtel-ke',
    ]);
    const hausa = await getLink('lnk_hausa_ng');
    expect(hausa.status).toBe(200);
    expect(hausa.json.data).toMatchObject({
      id: 'lnk_hausa_ng',
      locale: 'ha',
      currency: 'NGN',
      currencyExponent: 2,
      country: 'NG',
      amount: { fixed: 500_000 },
      customFields: [{ name: 'company_name', label: 'Sunan kamfani', type: 'text', required: true }],
    });
  });

  it("carries the sandbox's providers' logos inline: the same images as its asset route serves", async () => {
    const { json } = await getLink('lnk_fixed_ci');
    const methods = json.data.methods as { provider: string; logo: string; networks: { image: string }[] }[];
    expect(methods).toHaveLength(4);
    for (const method of methods) {
      const served = await t.app.request(`/sandbox/assets/providers/${method.provider}.svg`);
      expect(served.status).toBe(200);
      const svg = (await served.text()).replace(/"/g, "'");
      for (const url of [method.logo, method.networks[0]!.image]) {
        expect(url.startsWith('data:image/svg+xml,%3Csvg ')).toBe(true);
        // A URL a browser reads as it is: no raw <, >, # or %, and no double quote to end an attribute.
        expect(url).not.toMatch(/[<>#"]|%(?![0-9A-F]{2})/);
        expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(svg);
      }
    }
  });

  it('answers in brotli or gzip for a client that takes it, the same JSON, varying by Accept-Encoding', async () => {
    const plain = await t.app.request('/api/v1/links/lnk_fixed_ci');
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    const br = await t.app.request('/api/v1/links/lnk_fixed_ci', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(text);
    expect(brBytes.length).toBeLessThan(text.length / 2);
    const gzip = await t.app.request('/api/v1/links/lnk_fixed_ci', {
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(text);
    // Compressed once, then the same bytes for every later reader.
    const again = await t.app.request('/api/v1/links/lnk_fixed_ci', { headers: { 'accept-encoding': 'br' } });
    expect(Buffer.from(await again.arrayBuffer())).toEqual(brBytes);
  });

  it('answers a variable NGN link (exponent 2) with min, max and its networks', async () => {
    const { json } = await getLink('lnk_donation_ng');
    expect(json.data.currencyExponent).toBe(2);
    expect(json.data.amount).toEqual({ fixed: null, min: 100_000, max: 50_000_000 });
    expect(json.data.anonymous).toBe(true);
    expect(json.data.redirectUrl).toBe('https://example.org/thank-you');
    expect(json.data.methods).toEqual([
      {
        provider: 'opay-ng',
        label: 'OPay',
        logo: providerLogo('opay-ng'),
        channel: 'mobile-money',
        networks: [
          { name: 'OPay wallet', value: 'opay', image: providerLogo('opay-ng') },
          { name: 'MTN MoMo PSB', value: 'mtn', image: providerLogo('opay-ng') },
          { name: 'Airtel SmartCash', value: 'airtel', image: providerLogo('opay-ng') },
        ],
        // The network is picked from `networks` (names and logos), not from a second select of codes.
        inputs: [PHONE],
        fee: SANDBOX_FEE,
      },
    ]);
    expect(json.data.customFields).toEqual([
      {
        name: 'dedication',
        label: 'Dedicate my gift to',
        type: 'dropdown',
        required: false,
        options: ['General fund', 'School meals', 'Elderly care'],
      },
      { name: 'message', label: 'Message to the team', type: 'paragraph-text', required: false },
    ]);
  });

  it('answers every custom-field type and a date-only expiry as the last millisecond of that day', async () => {
    const { json } = await getLink('lnk_all_fields_sn');
    expect(json.data.customFields.map((field: { type: string }) => field.type)).toEqual([
      'text',
      'paragraph-text',
      'dropdown',
      'number',
      'date',
      'file-upload',
      'checkbox',
    ]);
    // Seeded 182 days after the fixture's clock (2026-11-22): 2027-05-23.
    expect(json.data.expiresAt).toBe('2027-05-23T23:59:59.999Z');
    expect(json.data.methods.map((method: { provider: string }) => method.provider)).toEqual([
      'wave-sn',
      'orange-sn',
      'free-sn',
    ]);
  });

  it('counts what is left under the limit, minus our own in-flight payments, on every read', async () => {
    expect((await getLink('lnk_limited_ke')).json.data.amount).toEqual({
      fixed: null,
      min: 10_000,
      max: 500_000,
      remaining: 15_000,
    });

    await insertPayment(t, {
      reference: 'pay_inflight_1',
      link_id: 'lnk_limited_ke',
      amount: 2_000,
      status: 'pending',
    });
    await insertPayment(t, {
      reference: 'pay_inflight_2',
      link_id: 'lnk_limited_ke',
      amount: 1_500,
      status: 'processing',
    });
    // Final ones are the provider's to count (or never collected): they do not hold anything back.
    await insertPayment(t, {
      reference: 'pay_failed',
      link_id: 'lnk_limited_ke',
      amount: 4_000,
      status: 'failed',
    });
    await insertPayment(t, {
      reference: 'pay_other_link',
      link_id: 'lnk_donation_ng',
      amount: 4_000,
      status: 'pending',
    });
    // Still within the provider cache's lifetime: only our own part moved.
    expect((await getLink('lnk_limited_ke')).json.data.amount.remaining).toBe(11_500);
  });

  it('answers 409 exhausted when what is left is below the minimum', async () => {
    await insertPayment(t, {
      reference: 'pay_inflight',
      link_id: 'lnk_limited_ke',
      amount: 5_001,
      status: 'pending',
    });
    const res = await getLink('lnk_limited_ke');
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      statusCode: 409,
      error: {
        code: 'link_unavailable',
        message: 'This payment link is exhausted: it has collected all it may collect',
      },
    });
  });

  it.each([
    ['lnk_expired_sn', 'This payment link has expired'],
    ['lnk_inactive_ng', 'This payment link is inactive: the merchant has paused it'],
    ['lnk_completed_ke', 'This payment link is completed and takes no more payments'],
  ])('answers 409 link_unavailable for %s', async (id, message) => {
    const res = await getLink(id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ statusCode: 409, error: { code: 'link_unavailable', message } });
  });

  it('answers 404 for an unknown link and 400 for a malformed id', async () => {
    expect((await getLink('lnk_nope')).json).toEqual({
      statusCode: 404,
      error: { code: 'not_found', message: 'Payment link not found' },
    });
    const long = await getLink('l'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.json.error).toEqual({
      code: 'validation_failed',
      message: 'The id in the path is not valid',
      fields: [{ path: 'id', code: 'too_long', message: 'must be at most 100 characters' }],
    });
    const odd = await getLink('lnk%27%3Cx%3E');
    expect(odd.status).toBe(400);
    expect(odd.json.error.fields).toEqual([
      { path: 'id', code: 'invalid', message: 'may only contain letters, digits, _ and -' },
    ]);
  });

  it('never shows clientId, parentClientId, analytics or the provider secret', async () => {
    for (const id of [
      'lnk_fixed_ci',
      'lnk_donation_ng',
      'lnk_limited_ke',
      'lnk_all_fields_sn',
      'lnk_tip_ci',
      'lnk_ticket_ng',
    ]) {
      const res = await getLink(id);
      expect(res.status).toBe(200);
      for (const secret of [
        'clientId',
        'parentClientId',
        'analytics',
        'longURL',
        t.config.clientId,
        t.config.clientSecret,
      ]) {
        expect(res.text).not.toContain(secret);
      }
    }
  });

  it('uses CURRENCY_EXPONENTS over ISO 4217', async () => {
    const custom = await startApp({ env: { CURRENCY_EXPONENTS: 'XOF=2' } });
    try {
      expect((await custom.request('GET', '/api/v1/links/lnk_fixed_ci')).json.data.currencyExponent).toBe(2);
      expect((await custom.request('GET', '/api/v1/links/lnk_donation_ng')).json.data.currencyExponent).toBe(
        2,
      );
    } finally {
      await custom.close();
    }
  });

  it('serves a link from its cache while the provider fails, and answers 502 once the cache is stale', async () => {
    expect((await getLink('lnk_tip_ci')).status).toBe(200);
    t.sandbox.context.faults.errorRate = 1;
    expect((await getLink('lnk_tip_ci')).status).toBe(200);
    await t.clock.advance(10_000);
    const res = await getLink('lnk_tip_ci');
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe('provider_error');
    t.sandbox.context.faults.errorRate = 0;
    expect((await getLink('lnk_tip_ci')).status).toBe(200);
  });
});
