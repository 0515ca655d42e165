/**
 * RETENTION_DAYS on the payout ledger (server/retention/payouts.ts): an old final payout keeps its money
 * facts and loses the recipient's name and its webhook bodies; a recipient with nothing left to keep is
 * blanked but can still be paid; a late webhook names nobody again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import {
  disbursementWebhook,
  getPayout,
  ledgerRow,
  mtnCi,
  paidOut,
  postDisbursementWebhook,
  validatedRecipient,
  zenithNg,
} from '../payouts/helpers.ts';
import { DAY_MS, purge, webhookBodies } from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const recipientRow = (id: string) =>
  t.store.db.selectFrom('payout_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('RETENTION_DAYS purge of payouts', () => {
  it('blanks the label of old final payouts and their webhook bodies, keeping the money facts', async () => {
    t = await startApp({ env: { RETENTION_DAYS: '30' } });
    const reachable = await validatedRecipient(t);
    const unreachable = await validatedRecipient(t, mtnCi('+2250700000004'));
    const success = await paidOut(t, {
      transferRecipientId: reachable,
      amount: 10_000,
      narration: 'Refund #42',
    });
    const failed = await paidOut(t, { transferRecipientId: unreachable, amount: 5_000 });
    await t.settle();
    const before = {
      success: await ledgerRow(t, success.reference),
      failed: await ledgerRow(t, failed.reference),
    };
    expect(before.success).toMatchObject({ status: 'success', label: expect.stringContaining('****0001') });
    expect(before.failed).toMatchObject({ status: 'failed', label: expect.stringContaining('****0004') });
    expect(await webhookBodies(t, success.reference)).toHaveLength(2);

    await t.clock.advance(30 * DAY_MS);
    expect((await purge(t)).report.payouts).toBe(0); // exactly 30 days: not older than the window yet
    await t.clock.advance(1);
    const { report } = await purge(t);
    expect(report).toEqual({
      ran: true,
      payments: 0,
      uploads: 0,
      sessions: 0,
      payouts: 2,
      recipients: 2,
      webhooks: 4,
      notifications: 0,
    });
    const now = t.clock.now();
    expect(await ledgerRow(t, success.reference)).toEqual({ ...before.success, label: null, purged_at: now });
    expect(await ledgerRow(t, failed.reference)).toEqual({ ...before.failed, label: null, purged_at: now });
    expect(await webhookBodies(t, success.reference)).toEqual(['', '']);
    expect(await webhookBodies(t, failed.reference)).toEqual(['', '']);

    // The merchant's ledger still answers every money fact, without the recipient's name.
    const read = (await getPayout(t, success.reference)).json.data;
    expect(read).toEqual({
      reference: success.reference,
      providerReference: success.providerReference,
      status: 'success',
      final: true,
      amount: 10_000,
      currency: 'XOF',
      country: 'CI',
      provider: 'mtn-ci',
      transferRecipientId: reachable,
      statusDescription: 'Disbursement completed successfully',
      completedAt: new Date(before.success.completed_at ?? 0).toISOString(),
    });
    expect(await recipientRow(reachable)).toMatchObject({ label: '', account: '{}', provider: 'mtn-ci' });

    // A second run finds nothing.
    expect((await purge(t)).report).toMatchObject({ payouts: 0, recipients: 0, webhooks: 0 });
  });

  it('a late webhook for a purged payout names nobody again, and its body is not kept', async () => {
    t = await startApp({ env: { RETENTION_DAYS: '30' } });
    const recipient = await validatedRecipient(t);
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 10_000 });
    await t.settle();
    await t.clock.advance(31 * DAY_MS);
    await purge(t);
    const late = disbursementWebhook(
      t,
      { reference: payout.reference, providerReference: payout.providerReference, amount: 10_000 },
      'success',
      { deliveryId: 'dlv_late_redelivery' },
    );
    expect((await postDisbursementWebhook(t, late)).json.data.outcome).toBe('unchanged');
    expect((await ledgerRow(t, payout.reference)).label).toBeNull();
    expect(await webhookBodies(t, payout.reference)).toEqual(['', '', '']);
  });

  it('keeps non-final payouts, recent ones and the recipients they use', async () => {
    t = await startApp({ env: { RETENTION_DAYS: '30' }, sandbox: { outcomeDelayMs: 400 * DAY_MS } });
    const stuck = await validatedRecipient(t);
    const open = await paidOut(t, { transferRecipientId: stuck, amount: 2_000 });
    const bank = await validatedRecipient(t, zenithNg);
    await t.clock.advance(31 * DAY_MS);
    const openBefore = await ledgerRow(t, open.reference);
    const stuckBefore = await recipientRow(stuck);
    const { report } = await purge(t);
    // The bank recipient has no payout at all and is older than the window: blanked.
    expect(report).toMatchObject({ payouts: 0, recipients: 1 });
    expect(await ledgerRow(t, open.reference)).toEqual(openBefore);
    expect(await recipientRow(stuck)).toEqual(stuckBefore);
    expect(await recipientRow(bank)).toMatchObject({ label: '', account: '{}', provider: 'bank-ng' });
  });

  it('a blanked recipient can still be paid; the provider names the new payout', async () => {
    t = await startApp({ env: { RETENTION_DAYS: '30' } });
    const recipient = await validatedRecipient(t);
    await t.clock.advance(31 * DAY_MS);
    expect((await purge(t)).report.recipients).toBe(1);
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 3_000 });
    expect(payout.transferRecipientLabel).toMatch(/\(MTN Mobile Money \*\*\*\*0001\)$/);
    await t.settle();
    expect(await ledgerRow(t, payout.reference)).toMatchObject({ status: 'success', purged_at: null });
  });
});
