/**
 * Paying out against the sandbox: the ledger row, the provider's webhook
 * moving it to its final status, the magic values that fail (phone ending 04, amount ending 13) with the
 * wallet refunded, InsufficientBalance, verify on read, and a timed-out request resolved through verify.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutSchema } from '../../../server/contract/schemas.ts';
import { reconcilePayouts } from '../../../server/payouts/reconcile.ts';
import { ProviderError } from '../../../server/provider/errors.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import {
  disbursementWallet,
  getPayout,
  ledgerRow,
  MERCHANT,
  mtnCi,
  paidOut,
  requestPayout,
  sandboxDisbursements,
  validatedRecipient,
} from './helpers.ts';

let t: AppFixture;
afterEach(() => {
  vi.restoreAllMocks();
  return t.close();
});

/** Seeded CI XOF payout funds (sandbox/seed.ts); the payout charge is 0.5 %, rounded up. */
const CI_FUNDS = 5_000_000;
const StrictPayout = PayoutSchema.strict();

describe('payouts', () => {
  it('stores the payout, answers it processing, and the disbursement webhook makes it a success', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const res = await requestPayout(t, {
      transferRecipientId: recipient,
      amount: 10_000,
      narration: 'Refund #42',
      reference: 'order-42',
    });
    expect(res.status).toBe(201);
    expect(res.json.statusCode).toBe(201);
    const payout = StrictPayout.parse(res.json.data);
    expect(payout).toEqual({
      reference: expect.stringMatching(/^po_[0-9a-f]{32}$/),
      providerReference: expect.stringMatching(/^DSB-/),
      status: 'processing',
      final: false,
      amount: 10_000,
      currency: 'XOF',
      country: 'CI',
      provider: 'mtn-ci',
      transferRecipientId: recipient,
      transferRecipientLabel: expect.stringMatching(/\(MTN Mobile Money \*\*\*\*0001\)$/),
      statusDescription: 'Disbursement is being processed',
    });
    // The provider knows the payout by our reference, as `externalReference`.
    const sent = await t.store.db.selectFrom('sandbox_disbursements').selectAll().executeTakeFirstOrThrow();
    expect(sent).toMatchObject({
      external_reference: payout.reference,
      reference: payout.providerReference,
      narration: 'Refund #42',
      webhook_url: 'http://pay.test/webhooks/disbursements',
    });
    expect(await ledgerRow(t, payout.reference)).toMatchObject({
      merchant_reference: 'order-42',
      status: 'processing',
      final: 0,
    });
    expect(await disbursementWallet(t, 'CI', 'XOF')).toBe(CI_FUNDS - 10_050);

    await t.clock.advance(60_000);
    await t.settle();
    const row = await ledgerRow(t, payout.reference);
    expect(row).toMatchObject({
      status: 'success',
      final: 1,
      status_description: 'Disbursement completed successfully',
      completed_at: t.clock.now(),
    });
    const stored = await t.store.db
      .selectFrom('provider_webhooks')
      .selectAll()
      .where('reference', '=', payout.reference)
      .execute();
    expect(stored.map((hook) => [hook.event, hook.status])).toEqual([
      ['disbursement.status', 'processing'],
      ['disbursement.status', 'success'],
    ]);
    const read = await getPayout(t, payout.reference);
    expect(read.status).toBe(200);
    expect(StrictPayout.parse(read.json.data)).toEqual({
      ...payout,
      status: 'success',
      final: true,
      statusDescription: 'Disbursement completed successfully',
      completedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await disbursementWallet(t, 'CI', 'XOF')).toBe(CI_FUNDS - 10_050);
  });

  it.each([
    ['a recipient phone ending 04', '+2250700000004', 10_000, 50, 'Recipient account is not reachable'],
    ['an amount ending 13', '+2250700000001', 10_013, 51, "Transfer rejected by the recipient's provider"],
  ])(
    '%s fails and the wallet gets amount and charge back',
    async (_case, phoneNumber, amount, charge, reason) => {
      t = await startApp();
      const recipient = await validatedRecipient(t, mtnCi(phoneNumber));
      const payout = await paidOut(t, { transferRecipientId: recipient, amount });
      expect(payout.status).toBe('processing');
      expect(await disbursementWallet(t, 'CI', 'XOF')).toBe(CI_FUNDS - amount - charge);
      await t.settle();
      expect(await ledgerRow(t, payout.reference)).toMatchObject({
        status: 'failed',
        final: 1,
        status_description: reason,
      });
      expect(await disbursementWallet(t, 'CI', 'XOF')).toBe(CI_FUNDS);
      const read = await getPayout(t, payout.reference);
      expect(StrictPayout.parse(read.json.data)).toMatchObject({
        status: 'failed',
        final: true,
        statusDescription: reason,
      });
    },
  );

  it('InsufficientBalance is a 400 on amount saying what the wallet holds and what is needed; the row is failed', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const res = await requestPayout(t, { transferRecipientId: recipient, amount: CI_FUNDS });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      error: {
        code: 'validation_failed',
        message: 'Insufficient balance in the CI XOF disbursement wallet',
        fields: [
          {
            path: 'amount',
            code: 'too_high',
            message: 'The disbursement wallet holds 5000000; this payout needs 5025000',
          },
        ],
      },
    });
    const [row] = await t.store.db.selectFrom('payouts').selectAll().execute();
    expect(row).toMatchObject({ status: 'failed', final: 1, amount: CI_FUNDS });
    expect(row?.status_description).toContain('holds 5000000; this payout needs 5025000');
    expect(await disbursementWallet(t, 'CI', 'XOF')).toBe(CI_FUNDS);
  });

  it('refuses a recipient that was not validated through us, before taking the key', async () => {
    t = await startApp();
    const res = await requestPayout(t, { transferRecipientId: 'rcp_unknown', amount: 1_000 }, 'key-1');
    expect(res.status).toBe(400);
    expect(res.json.error.fields[0].path).toBe('transferRecipientId');
    expect(await t.store.db.selectFrom('payouts').selectAll().execute()).toEqual([]);
    expect(await t.store.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });

  it('GET verifies a payout that is not final, at most once per 5 seconds', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 2_000 });
    const verify = vi.spyOn(t.provider, 'verifyDisbursement');
    // No webhook delivered yet: the read asks the provider, whose outcome is due.
    const read = await getPayout(t, payout.reference);
    expect(read.json.data).toMatchObject({ status: 'success', final: true });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith(payout.reference);
    await getPayout(t, payout.reference);
    expect(verify).toHaveBeenCalledTimes(1); // final now: the ledger answers

    const other = await paidOut(t, { transferRecipientId: recipient, amount: 3_000 });
    await getPayout(t, other.reference); // verified: success
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('throttles verify to once per 5 seconds while the provider still says processing', async () => {
    t = await startApp({ sandbox: { outcomeDelayMs: 60_000 } });
    const recipient = await validatedRecipient(t);
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 2_000 });
    const verify = vi.spyOn(t.provider, 'verifyDisbursement');
    await getPayout(t, payout.reference);
    await getPayout(t, payout.reference);
    expect(verify).toHaveBeenCalledTimes(1);
    await t.clock.advance(5_000);
    expect((await getPayout(t, payout.reference)).json.data.status).toBe('processing');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('an unknown or malformed payout reference is 404 / 400', async () => {
    t = await startApp();
    const unknown = await getPayout(t, `po_${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
    expect((await getPayout(t, 'pay_123')).status).toBe(404);
    const malformed = await getPayout(t, 'po_%27;drop');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('validation_failed');
  });

  it('a request that timed out after reaching the provider is resolved through verify, not sent again', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const create = t.provider.createDisbursement.bind(t.provider);
    const spy = vi.spyOn(t.provider, 'createDisbursement').mockImplementationOnce(async (input) => {
      await create(input);
      throw new ProviderError(0, 'Timeout', 'POST /billing/v1/disbursements timed out after 2000 ms');
    });
    const res = await requestPayout(t, { transferRecipientId: recipient, amount: 4_000 });
    expect(res.status).toBe(201);
    expect(spy).toHaveBeenCalledTimes(1);
    const payout = StrictPayout.parse(res.json.data);
    expect(payout.providerReference).toMatch(/^DSB-/);
    expect(await sandboxDisbursements(t, payout.reference)).toBe(1);
    expect(t.logs.some((line) => line.msg === 'payout: no clear answer from the provider; verifying')).toBe(
      true,
    );
  });

  it('a request that timed out before reaching the provider stays processing; reconciliation fails it', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    vi.spyOn(t.provider, 'createDisbursement').mockRejectedValueOnce(
      new ProviderError(0, 'Timeout', 'POST /billing/v1/disbursements timed out after 2000 ms'),
    );
    const res = await requestPayout(t, { transferRecipientId: recipient, amount: 4_000 });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      status: 'processing',
      final: false,
      statusDescription: 'The provider has not confirmed this payout yet; it is being checked',
    });
    expect(res.json.data.providerReference).toBeUndefined();
    const reconcile = () =>
      reconcilePayouts({
        store: t.store,
        provider: t.provider,
        clock: t.clock,
        logger: pino({ level: 'silent' }),
      });
    expect(await reconcile()).toMatchObject({ ran: true, checked: 0 }); // too young to judge
    await t.clock.advance(61_000);
    expect(await reconcile()).toMatchObject({ ran: true, checked: 1, changed: 1 });
    expect(await ledgerRow(t, res.json.data.reference)).toMatchObject({
      status: 'failed',
      final: 1,
      status_description: 'The provider has no record of this payout; nothing was paid out',
    });
    expect(await sandboxDisbursements(t, res.json.data.reference)).toBe(0);
  });
});

describe('the payout ledger list', () => {
  it('lists newest first with the provider list rules and filters', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const failing = await validatedRecipient(t, mtnCi('+2250700000004'));
    const references: string[] = [];
    for (const amount of [1_000, 2_000, 3_000, 4_000, 5_000]) {
      references.push(
        (await paidOut(t, { transferRecipientId: amount === 5_000 ? failing : recipient, amount })).reference,
      );
      await t.clock.advance(1_000);
    }
    await t.settle();
    const first = await t.request('GET', '/api/v1/payouts', undefined, MERCHANT);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ statusCode: 200, total: 5, page: 1, pages: 2, limit: 4 });
    expect(first.json.data.map((p: { reference: string }) => p.reference)).toEqual(
      references.slice(1).reverse(),
    );
    for (const item of first.json.data) StrictPayout.parse(item);
    const second = await t.request('GET', '/api/v1/payouts?page=2&limit=4', undefined, MERCHANT);
    expect(second.json.data.map((p: { reference: string }) => p.reference)).toEqual([references[0]]);
    const past = await t.request('GET', '/api/v1/payouts?page=3', undefined, MERCHANT);
    expect(past.json).toEqual({ statusCode: 200, total: 5, page: 3, pages: 2, limit: 4, data: [] });
    const failed = await t.request('GET', '/api/v1/payouts?status=failed', undefined, MERCHANT);
    expect(failed.json.data.map((p: { reference: string }) => p.reference)).toEqual([references[4]]);
    const today = await t.request(
      'GET',
      '/api/v1/payouts?dateFrom=2026-11-22&dateTo=2026-11-22&limit=10',
      undefined,
      MERCHANT,
    );
    expect(today.json.total).toBe(5);
    const tomorrow = await t.request('GET', '/api/v1/payouts?dateFrom=2026-11-23', undefined, MERCHANT);
    expect(tomorrow.json).toMatchObject({ total: 0, pages: 0, data: [] });
  });

  it.each([
    'status=pending',
    'page=0',
    'limit=101',
    'limit=1.5',
    'dateFrom=2026-02-30',
    'dateFrom=2026-11-23&dateTo=2026-11-22',
    'sort=amount',
    'status=success&status=failed',
  ])('refuses the query %s with 400', async (query) => {
    t = await startApp();
    const res = await t.request('GET', `/api/v1/payouts?${query}`, undefined, MERCHANT);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
  });
});
