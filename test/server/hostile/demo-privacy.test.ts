/**
 * The playground's delivery log (`/demo/webhook-deliveries?reference=`) answers anyone who knows a
 * payment's reference, and references travel in return URLs and logs: it must not tell them who paid.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, PAYER, SHOP } from '../payments/helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

describe('the demo delivery log, asked without any credential', () => {
  it("masks the payer's phone number as ****1234 and still shows the delivery", async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    await t.settle();

    const res = await t.request('GET', `/demo/webhook-deliveries?reference=${reference}`);

    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0].body.data).toMatchObject({ reference, user: { phoneNumber: '****0001' } });
    expect(res.text).not.toContain('0700000001');
  });

  it("redacts a hosted checkout payer's name and email as well", async () => {
    const { reference, payment } = await created(t, {
      link: 'lnk_fixed_ci',
      customer: { ...PAYER, phoneNumber: '+2250700000000' },
      fields: { subscriber_id: 'AB-1234' },
      method: { kind: 'hosted', returnUrl: `${SHOP}/checkout` },
    });
    const page = String(payment.redirectUrl).replace('http://pay.test', '');
    const approved = await submitHostedPage(t.app.request, page, {
      decision: 'approve',
      provider: 'orange-ci',
    });
    expect(approved.status).toBe(303);
    await t.settle();

    const res = await t.request('GET', `/demo/webhook-deliveries?reference=${reference}`);

    expect(res.status).toBe(200);
    expect(res.json.data[0].body.data.user).toEqual({
      name: '[redacted]',
      email: '[redacted]',
      phoneNumber: '****0000',
    });
    for (const personal of [PAYER.name, PAYER.email, '0700000000']) expect(res.text).not.toContain(personal);
  });
});
