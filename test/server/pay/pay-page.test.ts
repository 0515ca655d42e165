import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { TEST_MERCHANT_KEY } from '../app-fixture.ts';
import { sandboxAdmin } from '../checkout/helpers.ts';
import { Browser, fixedLinkAnswers, formOf } from './helpers.ts';
import { payPageFixture, postFixedLink } from './page-fixture.ts';

const pay = payPageFixture();

const paymentsCount = async () =>
  Number(
    (
      await pay.t.store.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const RECEIPT = /^\/pay\/receipt\/pay_[0-9a-f]{32}\.[A-Za-z0-9_-]{22}\?lang=\w+$/;

describe('the form', () => {
  it("draws every custom-field type, under a strict policy and with preview tags, in the link's language", async () => {
    const { status, text, response } = await pay.browser.get('/pay/lnk_all_fields_sn');
    expect(status).toBe(200);
    // Scripts from this origin only (the widget over the form, with JavaScript on), no inline one but
    // the config block, which is data; requests to this origin only; no style but the page's own.
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'; script-src 'self'; connect-src 'self'$/,
    );
    expect(text).toMatch(/<html lang="fr">/);
    expect([...text.matchAll(/<script([^>]*)>/g)].map((tag) => tag[1]!.trim())).toEqual([
      'type="application/json" id="pay-checkout-config"',
      'src="/widget/pay-checkout-page.js" defer',
      'src="/widget/pay-checkout.iife.js" defer',
    ]);
    expect(text).not.toMatch(/style=/);
    // The block is the API's own answer, so the widget reads its config from the page, not the network.
    const block = /<script type="application\/json" id="pay-checkout-config">([^<]*)<\/script>/.exec(
      text,
    )![1]!;
    const api = await pay.t.app.request('/api/v1/links/lnk_all_fields_sn');
    expect(JSON.parse(block)).toEqual(await api.json());
    expect(text).toMatch(/<div id="pay-form" data-kind="link" data-id="lnk_all_fields_sn">/);
    expect(text).toMatch(/enctype="multipart\/form-data"/);
    expect(text).toMatch(/name="fields\.bib_name"[^>]*type="text"/s);
    expect(text).toMatch(/<textarea[^>]*name="fields\.medical_notes"/s);
    expect(text).toMatch(/<select id="fields\.tshirt_size"[^>]*>\s*<option value="">Choisir…<\/option>/s);
    expect(text).toMatch(/name="fields\.target_minutes"[^>]*inputmode="decimal"/s);
    expect(text).toMatch(/name="fields\.birth_date"[^>]*type="date"/s);
    expect(text).toMatch(/name="fields\.medical_certificate"[^>]*type="file"/s);
    expect(text).toMatch(/type="checkbox"[^>]*name="fields\.accept_rules"/s);
    expect(text).toMatch(/<meta property="og:title" content="Inscription — Marathon de Dakar"/);
    expect(text).toMatch(/<meta property="og:description" content="10\u202f000\u00a0F\u202fCFA · Dossard/);
    // The link's preview card (test/server/pay/preview-card.test.ts), not its SVG logo.
    expect(text).toMatch(
      /<meta property="og:image" content="http:\/\/pay\.test\/pay\/card\/lnk_all_fields_sn\.png\?lang=fr&amp;v=[\w-]{16}"/,
    );
    expect(text).toMatch(/<meta property="product:price:amount" content="10000"/);
    expect(text).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    // The stylesheet is in the page: no request before the first paint.
    expect(text).not.toMatch(/<link[^>]*stylesheet/);
    expect([...text.matchAll(/<style>/g)]).toHaveLength(1);
  });

  it('shows the methods with their fee and total for a typed amount, and a language switch', async () => {
    const page = await pay.browser.get('/pay/lnk_tip_ci?lang=en');
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text).toMatch(/Between/);
    expect(page.text).toMatch(/href="\/pay\/lnk_tip_ci\?lang=sw"/);
  });

  it('picks Accept-Language when the link names no language, and ?lang over both', async () => {
    expect((await pay.browser.get('/pay/lnk_tip_ci', { 'accept-language': 'sw-KE,en;q=0.5' })).text).toMatch(
      /<html lang="sw">/,
    );
    expect((await pay.browser.get('/pay/lnk_fixed_ci?lang=wo')).text).toMatch(/<html lang="wo">/);
  });

  it('keeps link data as text: a title or field label with markup is escaped', async () => {
    const created = await sandboxAdmin(pay.t, 'POST', '/payment-links', {
      id: 'lnk_xss',
      title: '<script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
      isAmountFixed: true,
      amount: 5_000,
      currency: 'XOF',
      country: 'CI',
      customFields: [{ label: '<b onmouseover=alert(1)>x</b>', name: 'x', type: 'text', required: false }],
    });
    expect(created.status).toBe(201);
    const { text } = await pay.browser.get('/pay/lnk_xss');
    expect(text).not.toMatch(/<script>|<img src=x|<b onmouseover/);
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('content="&lt;script&gt;alert(1)&lt;/script&gt;"');
    // In the config block too: no `</script>` in its data can end it.
    expect(text).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });

  it('answers an unknown link with a page, 404', async () => {
    const { status, text } = await pay.browser.get('/pay/lnk_nope?lang=en');
    expect(status).toBe(404);
    expect(text).toMatch(/This payment is not available/);
  });
});

describe('posting the form', () => {
  it('shows a refused field again in French, the answers kept and the error beside the field', async () => {
    const form = await pay.browser.get('/pay/lnk_fixed_ci');
    const answers = { ...fixedLinkAnswers('+225 07 00 00 00 00'), 'customer.email': 'awa@' };
    const { status, text } = await pay.browser.post('/pay/lnk_fixed_ci?lang=fr', formOf(form.text, answers));
    expect(status).toBe(400);
    expect(text).toMatch(/<html lang="fr">/);
    expect(text).toMatch(
      /id="customer\.email"\s+name="customer\.email"\s+value="awa@"[^>]*aria-describedby="customer\.email-error"[^>]*aria-invalid="true"/s,
    );
    expect(text).toMatch(/<p class="error" id="customer\.email-error">Saisissez une adresse e-mail valide/);
    expect(text).toMatch(/value="AB-1234"/);
    expect(text).toMatch(/value="Awa Koné"/);
    // The refusal beside its field is the server's: no widget over this form, and no script at all.
    expect(text).not.toMatch(/<script/);
    expect(await paymentsCount()).toBe(0);
  });

  it('refuses a form without its token (another site posting it): nothing is paid', async () => {
    await pay.browser.get('/pay/lnk_fixed_ci');
    const forged = new FormData();
    for (const [name, value] of Object.entries(fixedLinkAnswers('+2250700000011'))) forged.set(name, value);
    forged.set('_key', 'forged-key');
    forged.set('_csrf', 'forged');
    const { status } = await pay.browser.post('/pay/lnk_fixed_ci', forged);
    expect(status).toBe(403);
    expect(await paymentsCount()).toBe(0);
  });

  it('tells a browser that keeps no cookie that the page needs them; a post from another site gets no such hint', async () => {
    const form = await pay.browser.get('/pay/lnk_fixed_ci?lang=en');
    // A browser with cookies off: the form's nonce never comes back.
    pay.browser.cookies.clear();
    const cookieless = await pay.browser.post(
      '/pay/lnk_fixed_ci?lang=en',
      formOf(form.text, fixedLinkAnswers('+2250700000011')),
    );
    expect(cookieless.status).toBe(403);
    expect(/<p class="alert" role="alert">([^<]*)<\/p>/.exec(cookieless.text)?.[1]).toBe(
      'This page needs cookies: allow them for this site, then try again.',
    );
    // Refused before its body is read (a refusal costs no parsing): nothing of it comes back.
    expect(cookieless.text).not.toContain('awa@example.com');
    const crossSite = await pay.browser.request(
      '/pay/lnk_fixed_ci?lang=en',
      { method: 'POST', body: formOf(form.text, fixedLinkAnswers('+2250700000011')) },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(/<p class="alert" role="alert">([^<]*)<\/p>/.exec(crossSite.text)?.[1]).toBe(
      'Something went wrong',
    );
    expect(await paymentsCount()).toBe(0);
  });

  it('pays once for a double submit, both answered with the same payment', async () => {
    const form = await pay.browser.get('/pay/lnk_fixed_ci');
    const body = () => formOf(form.text, fixedLinkAnswers('+2250700000011'));
    const first = await pay.browser.post('/pay/lnk_fixed_ci?lang=en', body());
    const second = await pay.browser.post('/pay/lnk_fixed_ci?lang=en', body());
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.location).toBe(first.location);
    expect(await paymentsCount()).toBe(1);
  });

  it("keeps the payer's token in an HttpOnly cookie scoped to the payment, never in a URL", async () => {
    const { response, location } = await postFixedLink(pay.browser, '+2250700000011');
    const reference = /^\/pay\/p\/(pay_[0-9a-f]{32})\?lang=en$/.exec(location ?? '')?.[1];
    expect(reference).toBeDefined();
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('pay_token='));
    expect(cookie).toMatch(
      new RegExp(`^pay_token=[^;]+; Max-Age=172800; Path=/pay/p/${reference}; HttpOnly; SameSite=Lax$`),
    );
    const token = /^pay_token=([^;]+)/.exec(cookie!)![1]!;
    expect(location).not.toContain(token);
    // Without the cookie, the payment's page opens nothing.
    const stranger = new Browser(pay.t);
    expect((await stranger.get(location!)).status).toBe(401);
  });
});

describe("the provider's steps as pages", () => {
  it('takes a wrong code, then the right one, and ends on the receipt', async () => {
    const created = await postFixedLink(pay.browser, '+2250700000011');
    const code = await pay.browser.get(created.location!);
    expect(code.status).toBe(200);
    expect(code.text).toMatch(/Enter your code/);
    const confirm = /action="([^"]+\/confirm[^"]*)"/.exec(code.text)![1]!.replace(/&amp;/g, '&');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(code.text)![1]!;
    const wrong = await pay.browser.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '000000' }));
    expect(wrong.status).toBe(422);
    expect(wrong.text).toMatch(/id="otp-error">Wrong code\./);
    const right = await pay.browser.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '123456' }));
    expect(right.status).toBe(303);
    await pay.t.settle();
    const after = await pay.browser.get(right.location!);
    expect(after.status).toBe(303);
    expect(after.location).toMatch(RECEIPT);
  });

  it("says how many minutes the code has left, in the payer's language, never a server-zone date", async () => {
    const created = await postFixedLink(pay.browser, '+2250700000011');
    const hint = async (lang: string) => {
      const code = await pay.browser.get(created.location!.replace('lang=en', `lang=${lang}`));
      return /<p class="hint" id="otp-hint">([^<]*)<\/p>/.exec(code.text)?.[1];
    };
    const expiry = async (lang: string) => (await hint(lang))?.split(' · ')[1];
    // The sandbox's code lives 10 minutes from the post.
    expect(await hint('en')).toBe('Tries left: 5 · Expires in 10 min');
    await pay.t.clock.advance(6 * 60_000 - 1);
    const langs = ['en', 'fr', 'sw', 'ha', 'yo', 'wo'];
    expect(await Promise.all(langs.map(expiry))).toEqual([
      'Expires in 5 min',
      'Expire dans 5 min',
      'Muda unaisha baada ya dakika 5',
      'Zai ƙare cikin minti 5',
      'Yóò parí lẹ́yìn ìṣẹ́jú 5',
      'Dina jeex fileek 5 simili',
    ]);
    await pay.t.clock.advance(1);
    expect(await expiry('en')).toBe('Expires in 4 min');
    // Past its expiry the page claims no time left.
    await pay.t.clock.advance(4 * 60_000);
    expect(await hint('en')).toBeUndefined();
  });

  it('says the payment is being confirmed after the right code, not "approve on your phone"', async () => {
    const created = await postFixedLink(pay.browser, '+2250700000011');
    const code = await pay.browser.get(created.location!);
    const confirm = /action="([^"]+\/confirm[^"]*)"/.exec(code.text)![1]!.replace(/&amp;/g, '&');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(code.text)![1]!;
    const right = await pay.browser.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '123456' }));
    expect(right.location).toMatch(/^\/pay\/p\/pay_[0-9a-f]{32}\?confirming=1&lang=en$/);
    // The provider has not settled yet (its webhook is held): the page waits on it, refreshing.
    const waiting = await pay.browser.get(right.location!);
    expect(waiting.status).toBe(200);
    expect(waiting.response.headers.get('refresh')).toBe('5');
    expect(/<h1>([^<]*)<\/h1>/.exec(waiting.text)?.[1]).toBe('Confirming your payment');
    expect(waiting.text).toMatch(/Your payment is being confirmed\./);
    expect(waiting.text).not.toMatch(/Approve on your phone|approve the payment/);
    // Its "Check again" keeps saying so.
    expect(waiting.text).toMatch(
      /class="button secondary" href="\/pay\/p\/pay_[0-9a-f]{32}\?confirming=1&amp;lang=en">/,
    );
    await pay.t.settle();
    const after = await pay.browser.get(right.location!);
    expect(after.location).toMatch(RECEIPT);
  });

  it("goes on without the payment's cookie in a browser that drops it (lynx: RFC 2109 paths)", async () => {
    const lynx = new Browser(pay.t, { strictPaths: true });
    const created = await postFixedLink(lynx, '+2250700000011');
    expect(lynx.cookies.has('pay_token')).toBe(false);
    expect(lynx.cookies.get('pay_next')?.path).toBe('/pay');
    const code = await lynx.get(created.location!);
    expect(code.status).toBe(200);
    expect(/<h1>([^<]*)<\/h1>/.exec(code.text)?.[1]).toBe('Enter your code');
    const confirm = /action="([^"]+\/confirm[^"]*)"/.exec(code.text)![1]!.replace(/&amp;/g, '&');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(code.text)![1]!;
    const right = await lynx.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '123456' }));
    expect(right.status).toBe(303);
    expect((await lynx.get(right.location!)).status).toBe(200);
    await pay.t.settle();
    expect((await lynx.get(right.location!)).location).toMatch(RECEIPT);
    // The payment has ended: the carried token is deleted.
    expect(lynx.cookies.has('pay_next')).toBe(false);
  });

  it('opens only its own payment with the carried token', async () => {
    const lynx = new Browser(pay.t, { strictPaths: true });
    const created = await postFixedLink(lynx, '+2250700000011');
    const other = `/pay/p/pay_${'0'.repeat(32)}?lang=en`;
    expect((await lynx.get(other)).status).toBe(401);
    // A cookie that names this payment with another token opens nothing either.
    const [reference] = lynx.cookies.get('pay_next')!.value.split('.');
    lynx.cookies.set('pay_next', { value: `${reference}.${'A'.repeat(43)}`, path: '/pay' });
    expect((await lynx.get(created.location!)).status).toBe(401);
  });

  it('reloads a waiting page after PAY_PAGE_REFRESH_SECONDS, and refuses a setting that is not seconds', async () => {
    await pay.restart({ env: { PAY_PAGE_REFRESH_SECONDS: '2' } });
    const created = await postFixedLink(pay.browser, '+2250700000003');
    const waiting = await pay.browser.get(created.location!);
    expect(waiting.response.headers.get('refresh')).toBe('2');
    for (const [given, why] of [
      ['0', 'must be at least 1'],
      ['301', 'must be at most 300'],
      ['5s', 'must be a whole number of seconds'],
    ])
      expect(() => loadConfig({ PAY_PAGE_REFRESH_SECONDS: given })).toThrow(
        `PAY_PAGE_REFRESH_SECONDS ${why}`,
      );
  });

  it('waits on the phone with a Refresh header and a "Check again" link', async () => {
    const created = await postFixedLink(pay.browser, '+2250700000003');
    const waiting = await pay.browser.get(created.location!);
    expect(waiting.status).toBe(200);
    expect(waiting.response.headers.get('refresh')).toBe('5');
    expect(waiting.text).toMatch(/Approve on your phone/);
    expect(waiting.text).toMatch(
      /class="button secondary" href="\/pay\/p\/pay_[0-9a-f]{32}\?lang=en">Check again/,
    );
  });

  it("sends the payer to the provider's page and takes them back to a cancelled payment's receipt", async () => {
    const created = await postFixedLink(pay.browser, '+2250700000008');
    expect(created.location).toMatch(/^http:\/\/pay\.test\/sandbox\//);
    const row = await pay.t.store.db
      .selectFrom('payments')
      .select(['reference', 'return_url'])
      .executeTakeFirstOrThrow();
    expect(row.return_url).toMatch(/^http:\/\/pay\.test\/pay\/return\?lang=en&pay_proof=[\w-]{43}$/);
    const proof = new URL(row.return_url!).searchParams.get('pay_proof');
    // The provider's cancel URL: the return URL with our reference and the cancel marker.
    const back = await pay.browser.get(
      `/pay/return?lang=en&pay_proof=${proof}&pay_reference=${row.reference}&pay_cancel=1`,
    );
    expect(back.location).toBe(`/pay/p/${row.reference}/return?lang=en&pay_cancel=1&pay_proof=${proof}`);
    const cancelled = await pay.browser.get(back.location!);
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toMatch(RECEIPT);
    const status = await pay.t.store.db.selectFrom('payments').select('status').executeTakeFirstOrThrow();
    expect(status.status).toBe('cancelled');
  });

  it("waits on our page, refreshing, for a return from the provider's page the provider has not settled", async () => {
    await postFixedLink(pay.browser, '+2250700000008');
    const { reference } = await pay.t.store.db
      .selectFrom('payments')
      .select('reference')
      .executeTakeFirstOrThrow();
    const back = await pay.browser.get(`/pay/return?lang=en&pay_reference=${reference}`);
    const returned = await pay.browser.get(back.location!);
    expect(returned.location).toBe(`/pay/p/${reference}?returned=1&lang=en`);
    const waiting = await pay.browser.get(returned.location!);
    expect(waiting.status).toBe(200);
    expect(waiting.response.headers.get('refresh')).toBe('5');
    expect(waiting.text).toMatch(/Confirming your payment/);
  });

  it('shows the bank-transfer details', async () => {
    const created = await postFixedLink(pay.browser, '+2250700000009');
    const page = await pay.browser.get(created.location!);
    expect(page.text).toMatch(/Pay by bank transfer/);
    expect(page.text).toMatch(/<dt>Account number<\/dt>\s*<dd>\d+/);
  });
});

describe('a file field and a customer code', () => {
  it('stores the posted file as an upload, and keeps it when another field is refused', async () => {
    const form = await pay.browser.get('/pay/lnk_all_fields_sn?lang=en');
    const pdf = new File([new TextEncoder().encode('%PDF-1.4\n%test\n')], 'certificat.pdf', {
      type: 'application/pdf',
    });
    const answers = {
      'fields.bib_name': 'Awa',
      'fields.tshirt_size': 'M',
      'fields.birth_date': '1990-01-02',
      'fields.accept_rules': 'true',
      'fields.medical_certificate': pdf,
      'customer.name': 'Awa Koné',
      'customer.email': 'awa@example.com',
      'method.phoneNumber': 'not a phone',
    };
    const refused = await pay.browser.post('/pay/lnk_all_fields_sn?lang=en', formOf(form.text, answers));
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="method\.phoneNumber-error">Enter a valid phone number\./);
    expect(refused.text).toMatch(/Uploaded: certificat\.pdf/);
    const kept = /name="uploaded\.medical_certificate"\s+value="(upl_[A-Za-z0-9_-]+)"/.exec(
      refused.text,
    )?.[1];
    expect(kept).toBeDefined();
    const again = formOf(refused.text, { ...answers, 'method.phoneNumber': '+221 77 000 00 11' });
    again.delete('fields.medical_certificate');
    again.set('uploaded.medical_certificate', kept!);
    const paid = await pay.browser.post('/pay/lnk_all_fields_sn?lang=en', again);
    expect(paid.status).toBe(303);
    const row = await pay.t.store.db.selectFrom('payments').select('fields').executeTakeFirstOrThrow();
    expect(JSON.parse(row.fields)).toMatchObject({
      medical_certificate: kept,
      accept_rules: true,
      tshirt_size: 'M',
    });
  });

  it('asks for the customer code with the USSD code as a tel: link', async () => {
    const created = await postFixedLink(pay.browser, '+2250700000007');
    const page = await pay.browser.get(created.location!);
    expect(page.text).toMatch(/Get your code/);
    expect(page.text).toMatch(/<a href="tel:\*[0-9*]+%23">\*[0-9*]+#<\/a>/);
    expect(page.text).toMatch(/name="customerCode"/);
  });
});

it('counts the pay page against the per-IP limit, as the API', async () => {
  await pay.restart({ env: { RATE_LIMITS: 'ip=2/60' } });
  expect((await pay.browser.get('/pay/lnk_fixed_ci')).status).toBe(200);
  expect((await pay.browser.get('/pay/lnk_fixed_ci')).status).toBe(200);
  const third = await pay.browser.get('/pay/lnk_fixed_ci');
  expect(third.status).toBe(429);
  expect(third.response.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(third.text).toMatch(/<p>Too many attempts\./);
});

it("pays a checkout session through /pay/session/<id>, its amount the merchant's", async () => {
  const session = await pay.t.request(
    'POST',
    '/api/v1/sessions',
    { amount: 12_500, currency: 'XOF', country: 'CI' },
    { authorization: `Bearer ${TEST_MERCHANT_KEY}` },
  );
  expect(session.status).toBe(201);
  const path = `/pay/session/${session.json.data.id}?lang=en`;
  const form = await pay.browser.get(path);
  expect(form.status).toBe(200);
  expect(form.text).toMatch(/Amount to pay<\/span> <strong>F\sCFA\s12,500<\/strong>/);
  const paid = await pay.browser.post(
    path,
    formOf(form.text, {
      'customer.name': 'Awa Koné',
      'customer.email': 'awa@example.com',
      'method.phoneNumber': '+2250700000011',
    }),
  );
  expect(paid.status).toBe(303);
  const row = await pay.t.store.db
    .selectFrom('payments')
    .select(['session_id', 'amount'])
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ session_id: session.json.data.id, amount: 12_500 });
});
