/**
 * The playground's delivery log (`/demo/webhook-deliveries?reference=`) answers anyone who knows a
 * payment's reference, and references travel in return URLs and logs: it must not tell them who paid.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';

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
});
