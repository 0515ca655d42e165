/**
 * Reading a receipt spent the payer's budget: 60 reads of a pending payment's receipt by someone else
 * (its address is the merchant's too, and the payer may share it) made the payer's own status read
 * answer 429. A receipt now has its own budget (`receipt`, per client and receipt, 30 a minute), and it
 * stops reloading itself once the payment is final.
 */
import { expect, it } from 'vitest';
import { receiptPath } from '../../../server/pay/receipts/link.ts';
import { TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, get } from '../payments/helpers.ts';
import { eachEngine } from './engines.ts';

const STRANGER = { 'x-forwarded-for': '198.51.100.20' };
const PAYER = { 'x-forwarded-for': '203.0.113.7' };

const read = (t: AppFixture, path: string, from: Record<string, string>) =>
  t.request('GET', path, undefined, { 'accept-language': 'en', ...from });

eachEngine('a receipt has its own budget', (instance) => {
  it("60 reads of a pending payment's receipt by someone else leave the payer's status reads alone", async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const { reference, token } = await created(t, fixedCiPayment('+2250700000003'));
    const path = receiptPath([TEST_MERCHANT_KEY], reference);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await read(t, path, STRANGER)).status);
    expect(statuses).toEqual([...Array(30).fill(200), ...Array(30).fill(429)]);
    const own = await t.request('GET', `/api/v1/payments/${reference}`, undefined, {
      'payment-token': token,
      ...PAYER,
    });
    expect(own.status).toBe(200);
    // The payer's own receipt, from the payer's network, is a budget of its own too.
    expect((await read(t, path, PAYER)).status).toBe(200);
  });

  it('reloads itself while the payment is in flight, and not once it is final', async () => {
    const t = await instance({ TRUST_PROXY: '1' });
    const { reference, token } = await created(t, fixedCiPayment('+2250700000001'));
    const path = receiptPath([TEST_MERCHANT_KEY], reference);
    expect((await read(t, path, PAYER)).headers.get('refresh')).toBe('5');
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
    const final = await read(t, path, PAYER);
    expect(final.text).toContain('Payment successful');
    expect(final.headers.get('refresh')).toBeNull();
  });
});
