/**
 * Five wrong codes, then the payment fails: that cap holds when the codes arrive all at once. One code at
 * a time reaches the provider for a payment; the others are told one is being checked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { confirm, created, fixedCiPayment, paymentRow } from '../payments/helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

/** Wrong codes the provider has seen for this payment. */
async function codesAtProvider(reference: string): Promise<number> {
  const row = await t.store.db
    .selectFrom('sandbox_transactions')
    .select('otp_attempts')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return row.otp_attempts;
}

describe('guessing a payment code', () => {
  it('twenty codes at once: one reaches the provider, the rest wait their turn', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const codes = Array.from({ length: 20 }, (_, index) => String(200_000 + index));
    const answers = await Promise.all(codes.map((otp) => confirm(t, reference, token, { otp })));
    const outcomes = answers.map((answer) => `${answer.status} ${answer.json.error.code}`).sort();
    expect(outcomes).toEqual([...Array(19).fill('409 request_in_progress'), '422 invalid_otp']);
    expect(await codesAtProvider(reference)).toBe(1);
  });

  it('round after round of concurrent codes, the provider sees at most five', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    for (let round = 0; round < 8; round++) {
      const codes = [0, 1, 2, 3].map((index) => String(300_000 + round * 10 + index));
      await Promise.all(codes.map((otp) => confirm(t, reference, token, { otp })));
    }
    expect(await codesAtProvider(reference)).toBe(5);
    expect(await paymentRow(t, reference)).toMatchObject({ status: 'failed', wrong_codes: 5 });
    const after = await confirm(t, reference, token, { otp: '123456' });
    expect(after.status).toBe(422);
    expect(after.json.error.code).toBe('otp_locked');
  });

  it('a confirm that crashed mid-call holds the payment only until its lease lapses', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    // As a process that died between taking the claim and answering leaves it.
    await t.store.db
      .updateTable('payments')
      .set({ confirming_until: t.clock.now() + 6_000 })
      .where('reference', '=', reference)
      .execute();
    expect((await confirm(t, reference, token, { otp: '123456' })).status).toBe(409);
    t.clock.advance(6_000);
    expect((await confirm(t, reference, token, { otp: '123456' })).status).toBe(200);
  });
});
