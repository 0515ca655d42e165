// "Pay on your phone": whoever sees the QR code must not take the handoff over. The first phone to open it
// claims it; any other device, before or after the payer pays, gets a page with none of the payer's
// details and cannot pay through it; the desktop follows only the payer's payment.
import { expect, it } from 'vitest';
import { Browser, fixedLinkAnswers, formOf } from '../pay/helpers.ts';
import { eachEngine } from './engines.ts';

const NAME = 'Awa Koné';
const EMAIL = 'awa.kone@example.com';
const PHONE = '+2250700000001';
const details = [NAME, EMAIL, PHONE, 'awa.kone'];
const noDetails = (page: string) => details.filter((detail) => page.includes(detail));

eachEngine('a handoff claimed by the first phone', (instance) => {
  it('shows the payer’s details to that phone only, and only that phone pays through it', async () => {
    const t = await instance();
    const created = await t.request('POST', '/api/v1/handoffs', {
      link: 'lnk_fixed_ci',
      lang: 'en',
      customer: { name: NAME, email: EMAIL, phoneNumber: PHONE },
    });
    expect(created.status).toBe(201);
    const { id, followToken } = created.json.data;
    const page = `/pay/h/${id}?lang=en`;

    const phone = new Browser(t);
    const form = await phone.get(page);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/name="customer\.email"[^>]*value="awa\.kone@example\.com"/s);

    // Someone who photographed the code, before the payer pays: nothing of the payer's.
    const stranger = new Browser(t);
    const before = await stranger.get(page);
    expect(before.status).toBe(409);
    expect(before.text).toContain('<h1>This code has already been used</h1>');
    expect(noDetails(before.text)).toEqual([]);
    expect(before.text).not.toMatch(/<form[^>]*action="\/pay\/h\//);
    // Nor can it pay through the handoff, with the form token of the link's public page.
    const publicForm = await stranger.get('/pay/lnk_fixed_ci?lang=en');
    const posted = await stranger.post(page, formOf(publicForm.text, fixedLinkAnswers('+2250700000004')));
    expect(posted.status).toBe(409);
    expect(noDetails(posted.text)).toEqual([]);
    expect(await t.store.db.selectFrom('payments').select('reference').execute()).toEqual([]);

    // The claim is the phone's secret: a cookie scripts cannot read, sent back only from this site.
    const claim = form.response.headers.getSetCookie().find((line) => line.startsWith(`pay_claim_${id}=`));
    expect(claim).toMatch(/; Path=\/pay\/h; HttpOnly; SameSite=Lax$/);

    // The payer's phone reloads its page and goes on.
    const again = await phone.get(page);
    expect(again.status).toBe(200);
    expect(again.text).toMatch(/name="customer\.name"[^>]*value="Awa Koné"/s);
    const paid = await phone.post(
      page,
      formOf(again.text, { ...fixedLinkAnswers(PHONE), 'customer.email': EMAIL }),
    );
    expect(paid.status).toBe(303);
    const reference = /\/pay\/p\/(pay_[0-9a-f]{32})/.exec(paid.location ?? '')?.[1];
    expect(reference).toBeDefined();
    await t.settle();

    // After: the stranger still gets the same page and still pays nothing; the payer's phone is sent on.
    const after = await stranger.get(page);
    expect(after.status).toBe(409);
    expect(noDetails(after.text)).toEqual([]);
    const late = await stranger.post(page, formOf(publicForm.text, fixedLinkAnswers('+2250700000004')));
    expect(late.status).toBe(409);
    expect((await phone.get(page)).location).toBe(`/pay/p/${reference}?lang=en`);
    const payments = await t.store.db.selectFrom('payments').select(['reference', 'phone_number']).execute();
    expect(payments).toEqual([{ reference, phone_number: PHONE }]);
    const followed = await t.request('GET', `/api/v1/handoffs/${id}`, undefined, {
      'handoff-token': followToken,
    });
    expect(followed.json.data.payment).toMatchObject({ reference, status: 'success' });
  });

  it('is claimed by one of two phones opening it at the same moment', async () => {
    const t = await instance();
    const { id } = (
      await t.request('POST', '/api/v1/handoffs', { link: 'lnk_fixed_ci', customer: { email: EMAIL } })
    ).json.data;
    const opened = await Promise.all(
      Array.from({ length: 6 }, () => new Browser(t).get(`/pay/h/${id}?lang=en`)),
    );
    expect(opened.map((page) => page.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(opened.filter((page) => page.text.includes(EMAIL))).toHaveLength(1);
  });
});
