/**
 * reconcilePayouts: non-final payouts older than a minute are verified (a lost
 * webhook does not leave a payout processing), and the ledger is compared with the provider's list,
 * each difference logged.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcilePayouts } from '../../../server/payouts/reconcile.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { ledgerRow, paidOut, validatedRecipient } from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

function reconciler() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info', base: undefined },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const run = () => reconcilePayouts({ store: t.store, provider: t.provider, clock: t.clock, logger });
  return { run, lines };
}

describe('reconcilePayouts', () => {
  it('verifies a payout whose webhooks were lost, once it is a minute old', async () => {
    t = await startApp({ sandbox: { outcomeDelayMs: 90_000 } });
    const recipient = await validatedRecipient(t);
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 6_000 });
    const { run } = reconciler();
    expect(await run()).toEqual({ ran: true, checked: 0, changed: 0, mismatches: 0 });
    await t.clock.advance(60_000);
    expect(await run()).toEqual({ ran: true, checked: 1, changed: 0, mismatches: 0 });
    expect((await ledgerRow(t, payout.reference)).status).toBe('processing');
    await t.clock.advance(30_000); // the outcome is due; its webhook is never delivered
    expect(await run()).toEqual({ ran: true, checked: 1, changed: 1, mismatches: 0 });
    expect(await ledgerRow(t, payout.reference)).toMatchObject({ status: 'success', final: 1 });
    expect(await run()).toEqual({ ran: true, checked: 0, changed: 0, mismatches: 0 });
  });

  it('logs what the ledger and the provider disagree on', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    // Paid out behind the ledger's back (another system holding the same credentials).
    await t.provider.createDisbursement({
      transferRecipientId: recipient,
      amount: 1_000,
      reference: 'elsewhere-1',
    });
    // A final ledger row the provider has never heard of.
    const now = t.clock.now();
    await t.store.db
      .insertInto('payouts')
      .values({
        reference: `po_${'a'.repeat(32)}`,
        merchant_reference: null,
        provider_reference: 'DSB-ghost',
        transfer_recipient_id: recipient,
        label: null,
        amount: 500,
        currency: 'XOF',
        country: 'CI',
        provider: 'mtn-ci',
        status: 'success',
        final: 1,
        status_description: null,
        narration: null,
        version: 2,
        verified_at: null,
        created_at: now,
        updated_at: now,
        completed_at: now,
      })
      .execute();
    // A payout we hold as failed while the provider paid it.
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 2_000 });
    await t.store.db
      .updateTable('payouts')
      .set({ status: 'failed', final: 1 })
      .where('reference', '=', payout.reference)
      .execute();
    await t.clock.advance(60_000);
    await t.settle();

    const { run, lines } = reconciler();
    expect(await run()).toEqual({ ran: true, checked: 0, changed: 0, mismatches: 3 });
    const messages = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(messages.sort()).toEqual([
      'reconcile: payout missing from the provider list',
      'reconcile: payout status differs from the provider',
      'reconcile: provider disbursement missing from the ledger',
    ]);
    expect(
      lines.find((line) => line.msg === 'reconcile: payout status differs from the provider'),
    ).toMatchObject({
      reference: payout.reference,
      stored: 'failed',
      provider: 'success',
    });
    expect((await ledgerRow(t, payout.reference)).status).toBe('failed');
  });

  it('applies a final status the provider lists for a payout still processing', async () => {
    t = await startApp({ sandbox: { outcomeDelayMs: 30_000 } });
    const recipient = await validatedRecipient(t);
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 3_000 });
    await t.clock.advance(30_000);
    // Young enough to skip verify; the provider's list (which settles due outcomes) carries it.
    const { run } = reconciler();
    expect(await run()).toEqual({ ran: true, checked: 0, changed: 1, mismatches: 0 });
    expect(await ledgerRow(t, payout.reference)).toMatchObject({ status: 'success', final: 1 });
  });
});
