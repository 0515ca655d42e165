/**
 * Sending a flagged payment back: POST /api/v1/payments/{reference}/refund pays the payment's amount out
 * to the number it came from (the sandbox's disbursements), once, and records it both ways (the
 * payment's `refund`, the payout's `refundOf`). SQLite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { MERCHANT, paidTwice } from '../hostile/helpers.ts';
import { eachEngine } from '../hostile/engines.ts';
import { created, fixedCiPayment, get, PAYER, paymentRow, SHOP } from './helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

function refund(
  t: AppFixture,
  reference: string,
  key: string = randomUUID(),
  headers: Record<string, string> = MERCHANT,
) {
  return t.request('POST', `/api/v1/payments/${reference}/refund`, undefined, {
    ...headers,
    'Idempotency-Key': key,
  });
}

/** The reference of the payment that paid a session a second time (flagged duplicate). */
const duplicatePayment = async (t: AppFixture, amount?: number) =>
  (await paidTwice(t, { amount })).first.reference;

/**
 * A direct payment on lnk_fixed_ci that succeeded without a code (phone ending 01), each to a number of
 * its own: the PostgreSQL database, and so its per-phone charge limit, is shared by the file's tests.
 */
let payers = 0;
async function plainSuccess(t: AppFixture): Promise<string> {
  payers += 1;
  const phone = `+22507${String(payers).padStart(4, '0')}0101`;
  const { reference, token } = await created(t, fixedCiPayment(phone));
  await t.settle();
  expect((await get(t, reference, token)).json.data.status).toBe('success');
  return reference;
}

const flag = (t: AppFixture, reference: string, value = 'over_limit') =>
  t.store.db.updateTable('payments').set({ flag: value }).where('reference', '=', reference).execute();

async function listed(t: AppFixture, reference: string) {
  const res = await t.request('GET', '/api/v1/payments?limit=100', undefined, MERCHANT);
  expect(res.status).toBe(200);
  return (res.json.data as { reference: string }[]).find((item) => item.reference === reference);
}

/** The payout list's refunds of one payment (the PostgreSQL database is shared by the file's tests). */
async function refundsListed(t: AppFixture, payment: string) {
  const res = await t.request('GET', '/api/v1/payouts?limit=100', undefined, MERCHANT);
  expect(res.status).toBe(200);
  const payouts = res.json.data as { reference: string; refundOf?: string; status: string }[];
  return payouts.filter((payout) => payout.refundOf === payment);
}

eachEngine('refund of a flagged payment', (instance) => {
  it('a session paid twice: the duplicate is sent back to its number and recorded both ways', async () => {
    const t = await instance();
    const duplicate = await duplicatePayment(t);
    expect(await listed(t, duplicate)).toMatchObject({ flag: 'duplicate', payerPhone: '****0008' });

    const res = await refund(t, duplicate);
    expect(res.status).toBe(201);
    const payout = res.json.data;
    expect(payout).toMatchObject({
      status: 'processing',
      amount: 250_000,
      currency: 'NGN',
      provider: 'opay-ng',
      refundOf: duplicate,
    });
    // To the number the payment came from, with the payment named in the narration.
    const disbursement = await t.store.db
      .selectFrom('sandbox_disbursements')
      .select(['external_reference', 'narration', 'transfer_recipient_id', 'amount'])
      .where('external_reference', '=', payout.reference)
      .executeTakeFirstOrThrow();
    expect(disbursement).toMatchObject({ amount: 250_000, narration: `Refund of payment ${duplicate}` });
    const recipient = await t.store.db
      .selectFrom('sandbox_recipients')
      .select('account')
      .where('id', '=', disbursement.transfer_recipient_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(recipient.account)).toMatchObject({ phoneNumber: '+2348000000008' });

    expect(await listed(t, duplicate)).toMatchObject({
      refund: { payout: payout.reference, status: 'processing' },
    });
    await t.settle();
    expect(await listed(t, duplicate)).toMatchObject({
      refund: { payout: payout.reference, status: 'success' },
    });
    expect(await refundsListed(t, duplicate)).toMatchObject([
      { reference: payout.reference, status: 'success', refundOf: duplicate },
    ]);
    expect((await paymentRow(t, duplicate)).refund_payout).toBe(payout.reference);
  });

  it('a second refund, with another key, is 409 already_refunded; the same key replays the first', async () => {
    const t = await instance();
    const duplicate = await duplicatePayment(t);
    const key = randomUUID();
    const first = await refund(t, duplicate, key);
    expect(first.status).toBe(201);
    const again = await refund(t, duplicate);
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'already_refunded',
      message: `This payment is already being sent back (payout ${first.json.data.reference} is processing); only a failed refund can be sent again`,
    });
    const replay = await refund(t, duplicate, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.json.data.reference).toBe(first.json.data.reference);
    await t.settle();
    expect((await refund(t, duplicate)).json.error.code).toBe('already_refunded');
    expect(await refundsListed(t, duplicate)).toHaveLength(1);
  });

  it('two refunds at once with different keys: one payout, the other 409 already_refunded', async () => {
    const t = await instance();
    const reference = await plainSuccess(t);
    await flag(t, reference);
    const answers = await Promise.all([refund(t, reference), refund(t, reference), refund(t, reference)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409))
      expect(answer.json.error.code).toBe('already_refunded');
    const sent = await t.store.db
      .selectFrom('payouts')
      .select('reference')
      .where('refund_of', '=', reference)
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('a failed refund may be sent again, as a new payout the payment then names', async () => {
    const t = await instance();
    // An amount ending in 13: the sandbox's payout to it fails.
    const duplicate = await duplicatePayment(t, 250_013);
    const first = await refund(t, duplicate);
    expect(first.status).toBe(201);
    await t.settle();
    expect(await listed(t, duplicate)).toMatchObject({
      refund: { payout: first.json.data.reference, status: 'failed' },
    });
    const second = await refund(t, duplicate);
    expect(second.status).toBe(201);
    expect(second.json.data.reference).not.toBe(first.json.data.reference);
    expect(second.json.data.refundOf).toBe(duplicate);
    expect((await paymentRow(t, duplicate)).refund_payout).toBe(second.json.data.reference);
    const refunds = await refundsListed(t, duplicate);
    expect(refunds.map((payout) => payout.reference).sort()).toEqual(
      [first.json.data.reference, second.json.data.reference].sort(),
    );
  });

  it('an unflagged success is refused: 409 payment_not_refundable', async () => {
    const t = await instance();
    const reference = await plainSuccess(t);
    const res = await refund(t, reference);
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'payment_not_refundable',
      message:
        'Only a flagged payment (paid twice, or past its link’s limit) can be sent back; this one is not flagged',
    });
    expect(await refundsListed(t, reference)).toEqual([]);
  });

  it('a flagged payment that did not succeed is refused: 409 payment_not_refundable', async () => {
    const t = await instance();
    // 04: insufficient funds, failed.
    const { reference, token } = await created(t, fixedCiPayment('+2250700000004'));
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('failed');
    await flag(t, reference, 'conflicting_final');
    const res = await refund(t, reference);
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'payment_not_refundable',
      message: 'Only a successful payment can be sent back; this one is failed',
    });
  });

  it('a flagged hosted payment (no known number) is refused: 422 payment_not_refundable', async () => {
    const t = await instance();
    const { reference, token, payment } = await created(t, {
      link: 'lnk_fixed_ci',
      // The number the payer gave the form: not necessarily the one that paid on the provider's page.
      customer: { ...PAYER, phoneNumber: '+2250700000101' },
      fields: { subscriber_id: 'AB-1234' },
      method: { kind: 'hosted', returnUrl: `${SHOP}/back` },
    });
    const send = (url: string, init?: RequestInit) => t.app.request(url.replace('http://pay.test', ''), init);
    const page = await submitHostedPage(send, String(payment.redirectUrl), {
      decision: 'approve',
      provider: 'orange-ci',
    });
    expect(page.status).toBe(303);
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
    await flag(t, reference, 'late_success');
    const res = await refund(t, reference);
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual({
      code: 'payment_not_refundable',
      message:
        'This payment was made on the provider’s page: the number it came from is not known, so it cannot be sent back as a payout',
    });
    expect(await listed(t, reference)).not.toHaveProperty('payerPhone');
  });

  it('a flagged payment whose number was purged is refused: 422 payment_not_refundable', async () => {
    const t = await instance();
    const reference = await plainSuccess(t);
    await t.store.db
      .updateTable('payments')
      .set({ flag: 'duplicate', phone_number: null, purged_at: t.clock.now() })
      .where('reference', '=', reference)
      .execute();
    const res = await refund(t, reference);
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('payment_not_refundable');
    expect(res.json.error.message).toContain('purged (RETENTION_DAYS)');
  });

  it('only the merchant may send money back: 401 without the key, with a wrong one or a payment token', async () => {
    const t = await instance();
    const reference = await plainSuccess(t);
    await flag(t, reference);
    const callers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer mk_wrong' },
      { 'Payment-Token': 'pt_whatever' },
    ];
    for (const headers of callers) {
      const res = await refund(t, reference, randomUUID(), headers);
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
    expect(await refundsListed(t, reference)).toEqual([]);
  });

  it('bad input: no key 400, a malformed reference 400, an unknown one 404, a key reused on another payment 422', async () => {
    const t = await instance();
    const reference = await plainSuccess(t);
    await flag(t, reference);
    const other = await plainSuccess(t);
    await flag(t, other);

    const noKey = await t.request('POST', `/api/v1/payments/${reference}/refund`, undefined, MERCHANT);
    expect(noKey.status).toBe(400);
    expect(noKey.json.error).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'Idempotency-Key', message: 'is required' }],
    });
    const malformed = await refund(t, 'pay_<script>');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('validation_failed');
    const unknown = await refund(t, `pay_${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({ code: 'not_found', message: 'Payment not found' });

    const key = randomUUID();
    expect((await refund(t, reference, key)).status).toBe(201);
    const reused = await refund(t, other, key);
    expect(reused.status).toBe(422);
    expect(reused.json.error.code).toBe('idempotency_conflict');
    expect((await paymentRow(t, other)).refund_payout).toBeNull();
  });
});
