/**
 * "Pay on your phone": a handoff carries the desktop's answers (checked as a payment's are) to a phone's
 * prefilled pay page through a QR code; the desktop follows it, with a token only it holds, until the
 * payment the phone makes through it is final; it expires.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { Browser, fixedLinkAnswers, formOf } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const create = (body: unknown) => t.request('POST', '/api/v1/handoffs', body);
const follow = (id: string, token?: string) =>
  t.request('GET', `/api/v1/handoffs/${id}`, undefined, token ? { 'handoff-token': token } : {});

describe('POST /api/v1/handoffs', () => {
  it('makes a handoff whose QR code decodes to a phone page prefilled with the answers', async () => {
    const res = await create({ link: 'lnk_tip_ci', amount: 1500, customer: { email: 'awa@example.com' } });
    expect(res.status).toBe(201);
    const { id, url, followToken } = res.json.data;
    expect(id).toMatch(/^hof_[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`${TEST_PUBLIC_URL}/pay/h/${id}`);
    expect(followToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const png = await t.app.request(`/pay/qr/h/${id}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('cache-control')).toBe('no-store');
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(url);
    const phone = await new Browser(t).get(`/pay/h/${id}?lang=en`);
    expect(phone.status).toBe(200);
    expect(phone.text).toMatch(/name="amount"[^>]*value="1500"/s);
    expect(phone.text).toMatch(/name="customer\.email"[^>]*value="awa@example\.com"/s);
    expect(phone.text).toMatch(new RegExp(`action="/pay/h/${id}\\?lang=en&amp;_csrf=[\\w-]{43}"`));
    // The phone's page offers no second handoff.
    expect(phone.text).not.toMatch(/formaction=/);
    // Nothing the desktop follows with is in the phone's page.
    expect(phone.text).not.toContain(followToken);
  });

  it("opens the phone's page in the desktop's language; a language not ours is dropped, a long tag refused", async () => {
    const res = await create({ link: 'lnk_fixed_ci', lang: 'sw-KE' });
    expect(res.status).toBe(201);
    const { id, url, qrSvg } = res.json.data;
    expect([url, qrSvg]).toEqual([
      `${TEST_PUBLIC_URL}/pay/h/${id}?lang=sw`,
      `${TEST_PUBLIC_URL}/pay/qr/h/${id}.svg?lang=sw`,
    ]);
    const png = await t.app.request(`/pay/qr/h/${id}.png?lang=sw`);
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(url);
    // The link's own locale is French; the phone's browser says English: the desktop's choice wins.
    const phone = await new Browser(t).get(new URL(url).pathname + new URL(url).search, {
      'accept-language': 'en',
    });
    expect(phone.text).toContain('<html lang="sw">');

    const other = (await create({ link: 'lnk_fixed_ci', lang: 'xx"><script>' })).json.data;
    expect(other.url).toBe(`${TEST_PUBLIC_URL}/pay/h/${other.id}`);
    const long = await create({ link: 'lnk_fixed_ci', lang: 'x'.repeat(36) });
    expect(long.status).toBe(400);
    expect(long.json.error.fields.map((f: { path: string }) => f.path)).toEqual(['lang']);
  });

  it('refuses an amount out of bounds, an unknown field, and an unknown link, with exact codes', async () => {
    const low = await create({ link: 'lnk_tip_ci', amount: 50 });
    expect(low.status).toBe(422);
    expect(low.json.error.code).toBe('amount_out_of_bounds');
    expect(low.json.error.fields[0].path).toBe('amount');
    const field = await create({ link: 'lnk_fixed_ci', fields: { nope: 'x' } });
    expect(field.status).toBe(400);
    expect(field.json.error.code).toBe('validation_failed');
    const email = await create({ link: 'lnk_fixed_ci', customer: { email: 'not-an-email' } });
    expect(email.status).toBe(400);
    expect(email.json.error.fields.map((f: { path: string }) => f.path)).toEqual(['customer.email']);
    const both = await create({ link: 'lnk_fixed_ci', session: 'ses_x' });
    expect(both.status).toBe(400);
    expect(both.json.error.code).toBe('validation_failed');
    const unknown = await create({ link: 'lnk_nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
    expect(await t.store.db.selectFrom('payment_handoffs').selectAll().execute()).toEqual([]);
  });

  it('is followed only with its token, and expires: its page, its QR code and its follow all 404', async () => {
    const { id, followToken } = (await create({ link: 'lnk_fixed_ci' })).json.data;
    expect((await follow(id)).status).toBe(401);
    expect((await follow(id, 'x'.repeat(43))).json.error.code).toBe('unauthorized');
    const open = await follow(id, followToken);
    expect(open.status).toBe(200);
    expect(open.json.data.payment).toBeUndefined();
    await t.clock.advance(t.config.handoffTtlMs);
    expect((await follow(id, followToken)).json.error.code).toBe('not_found');
    expect((await t.request('GET', `/pay/qr/h/${id}.svg`)).status).toBe(404);
    expect((await new Browser(t).get(`/pay/h/${id}`)).status).toBe(404);
    expect((await new Browser(t).get('/pay/h/hof_AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('following a handoff to its payment', () => {
  it('the phone pays through the prefilled page; the desktop follows it to success and its receipt', async () => {
    // The desktop: its pay page's "Pay on your phone" button posts the answers typed so far.
    const desktop = new Browser(t);
    const form = await desktop.get('/pay/lnk_fixed_ci?lang=en');
    expect(form.text).toMatch(/formaction="\/pay\/lnk_fixed_ci\/phone\?lang=en&amp;_csrf=[\w-]{43}"/);
    const handed = await desktop.post(
      '/pay/lnk_fixed_ci/phone?lang=en',
      formOf(form.text, { 'customer.name': 'Awa Koné', 'fields.subscriber_id': 'AB-1234' }),
    );
    expect(handed.status).toBe(303);
    const wait = handed.location!;
    const id = /\/pay\/h\/(hof_[\w-]+)\/wait/.exec(wait)![1]!;
    const waiting = await desktop.get(wait);
    expect(waiting.status).toBe(200);
    expect(waiting.response.headers.get('refresh')).toBe('5');
    // The QR code opens the phone's page in the desktop's language.
    expect(waiting.text).toContain(`src="/pay/qr/h/${id}.svg?lang=en"`);
    // Another browser (anyone who saw the screen) cannot follow it.
    expect((await new Browser(t).get(wait)).status).toBe(401);

    // The phone: the form is filled in; it adds the rest and pays with the OTP.
    const phone = new Browser(t);
    const page = await phone.get(`/pay/h/${id}?lang=en`);
    expect(page.text).toMatch(/name="customer\.name"[^>]*value="Awa Koné"/s);
    const { 'customer.email': email, 'method.phoneNumber': number } = fixedLinkAnswers('+2250700000011');
    const created = await phone.post(
      `/pay/h/${id}?lang=en`,
      formOf(page.text, {
        'customer.name': 'Awa Koné',
        'fields.subscriber_id': 'AB-1234',
        'customer.email': email,
        'method.phoneNumber': number,
      }),
    );
    expect(created.status).toBe(303);
    const code = await phone.get(created.location!);
    const confirm = /action="([^"]+\/confirm[^"]*)"/.exec(code.text)![1]!.replace(/&amp;/g, '&');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(code.text)![1]!;
    // The desktop shows what the phone is paying, in place of the code.
    const paying = await desktop.get(wait);
    expect(paying.status).toBe(200);
    expect(paying.text).toContain('<h1>Waiting for the payment on your phone</h1>');
    expect(paying.text).toMatch(/<dt>Amount<\/dt>\s*<dd>F\s?CFA\s15,000<\/dd>/);
    expect(paying.text).toMatch(/<dt>Payment method<\/dt>\s*<dd>MTN Mobile Money<\/dd>/);
    expect(paying.text).not.toContain(`src="/pay/qr/h/${id}.svg`);
    expect((await phone.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '123456' }))).status).toBe(303);
    await t.settle();

    const done = await desktop.get(wait);
    expect(done.status).toBe(303);
    expect(done.location).toMatch(/^\/pay\/receipt\/pay_[0-9a-f]{32}\.[A-Za-z0-9_-]{22}\?lang=en$/);
    const row = await t.store.db.selectFrom('payment_handoffs').selectAll().executeTakeFirstOrThrow();
    expect(row.payment_reference).toMatch(/^pay_/);
  });

  it('answers the API follower with the final payment and its receipt', async () => {
    const { id, followToken } = (
      await create({ link: 'lnk_tip_ci', amount: 2000, customer: { phoneNumber: '+2250700000011' } })
    ).json.data;
    const phone = new Browser(t);
    const page = await phone.get(`/pay/h/${id}?lang=en`);
    expect(page.text).toMatch(/name="method\.phoneNumber"[^>]*value="\+2250700000011"/s);
    const created = await phone.post(
      `/pay/h/${id}?lang=en`,
      formOf(page.text, { amount: '2000', 'method.phoneNumber': '+2250700000011' }),
    );
    expect(created.status).toBe(303);
    const code = await phone.get(created.location!);
    const confirm = /action="([^"]+\/confirm[^"]*)"/.exec(code.text)![1]!.replace(/&amp;/g, '&');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(code.text)![1]!;
    await phone.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '123456' }));
    await t.settle();
    const followed = await follow(id, followToken);
    expect(followed.status).toBe(200);
    expect(followed.json.data.payment).toMatchObject({ status: 'success', amount: 2000 });
    expect(followed.json.data.payment.receiptUrl).toMatch(/\/pay\/receipt\/pay_/);
    // The method, for the desktop to name: the provider the phone paid with (the form's first, here).
    expect(followed.json.data.provider).toBe('mtn-ci');
  });

  it('belongs to the phone that opened it first: someone else who saw the QR code pays nothing', async () => {
    const { id, followToken } = (await create({ link: 'lnk_fixed_ci' })).json.data;
    const phone = new Browser(t);
    const onlooker = new Browser(t);
    const page = await phone.get(`/pay/h/${id}?lang=en`);
    expect(page.status).toBe(200);
    const seen = await onlooker.get(`/pay/h/${id}?lang=fr`);
    expect(seen.status).toBe(409);
    expect(seen.text).toContain('<h1>Ce code a déjà été utilisé</h1>');
    const paid = await phone.post(
      `/pay/h/${id}?lang=en`,
      formOf(page.text, fixedLinkAnswers('+2250700000001')),
    );
    expect(paid.status).toBe(303);
    await t.settle();
    const reference = /\/pay\/p\/(pay_[0-9a-f]{32})/.exec(paid.location!)![1]!;
    expect((await follow(id, followToken)).json.data.payment).toMatchObject({ reference, status: 'success' });

    // The onlooker posts a form of the link's own page (a failing number) to the handoff: refused.
    const own = await onlooker.get('/pay/lnk_fixed_ci?lang=en');
    const late = await onlooker.post(
      `/pay/h/${id}?lang=en`,
      formOf(own.text, fixedLinkAnswers('+2250700000004')),
    );
    expect([late.status, late.location]).toEqual([409, null]);
    expect((await onlooker.get(`/pay/h/${id}?lang=en`)).status).toBe(409);
    const charged = await t.store.db
      .selectFrom('payments')
      .select('reference')
      .where('phone_number', '=', '+2250700000004')
      .execute();
    expect(charged).toEqual([]);
    expect((await follow(id, followToken)).json.data.payment).toMatchObject({ reference, status: 'success' });
  });

  it("opens for the desktop that made it without claiming it, and keeps the claim across the phone's languages", async () => {
    const desktop = new Browser(t);
    const form = await desktop.get('/pay/lnk_fixed_ci?lang=en');
    const handed = await desktop.post('/pay/lnk_fixed_ci/phone?lang=en', formOf(form.text, {}));
    const id = /\/pay\/h\/(hof_[\w-]+)\/wait/.exec(handed.location!)![1]!;
    expect((await desktop.get(`/pay/h/${id}?lang=en`)).status).toBe(200);
    // lynx sends a cookie only to paths under its own, matched with the query: the claim still reaches it.
    const phone = new Browser(t, { strictPaths: true });
    expect((await phone.get(`/pay/h/${id}`)).status).toBe(200);
    expect((await phone.get(`/pay/h/${id}?lang=wo`)).status).toBe(200);
    expect((await desktop.get(`/pay/h/${id}?lang=en`)).status).toBe(200);
    expect((await new Browser(t).get(`/pay/h/${id}`)).status).toBe(409);
  });

  it('is paid again after a payment that failed, and then follows the new one', async () => {
    const { id, followToken } = (await create({ link: 'lnk_fixed_ci' })).json.data;
    const phone = new Browser(t);
    const first = await phone.get(`/pay/h/${id}?lang=en`);
    await phone.post(`/pay/h/${id}?lang=en`, formOf(first.text, fixedLinkAnswers('+2250700000004')));
    await t.settle();
    expect((await follow(id, followToken)).json.data.payment.status).toBe('failed');
    const again = await phone.get(`/pay/h/${id}?lang=en`);
    expect(again.status).toBe(200);
    const retried = await phone.post(
      `/pay/h/${id}?lang=en`,
      formOf(again.text, fixedLinkAnswers('+2250700000001')),
    );
    await t.settle();
    const reference = /\/pay\/p\/(pay_[0-9a-f]{32})/.exec(retried.location!)![1]!;
    expect((await follow(id, followToken)).json.data.payment).toMatchObject({ reference, status: 'success' });
  });

  it('is followed past its expiry once paid through, so a payment under way still reaches the desktop', async () => {
    // A QR code that lasts a minute, shorter than the code the payment waits for.
    await t.close();
    t = await startApp({ env: { HANDOFF_TTL_MS: '60000' } });
    const { id, followToken } = (await create({ link: 'lnk_fixed_ci' })).json.data;
    const phone = new Browser(t);
    const page = await phone.get(`/pay/h/${id}?lang=en`);
    // Ending 00: a code to type, so the payment is still under way when the QR code expires.
    await phone.post(`/pay/h/${id}?lang=en`, formOf(page.text, fixedLinkAnswers('+2250700000000')));
    await t.clock.advance(t.config.handoffTtlMs);
    const followed = await follow(id, followToken);
    expect(followed.status).toBe(200);
    expect(followed.json.data.payment.status).toBe('pending');
    // The QR code itself is over: its page and image are gone.
    expect((await new Browser(t).get(`/pay/h/${id}`)).status).toBe(404);
    expect((await t.request('GET', `/pay/qr/h/${id}.svg`)).status).toBe(404);
  });
});
