/**
 * A creating request that dies mid-provider-call must not leave its Idempotency-Key answering 409 for a
 * day. Instance A takes the key, stores the payment and calls the provider, which never answers it (A's
 * clock never moves again: A is dead for every purpose). Instance B, on the same database, gets the
 * payer's retry: 409 while A's lease runs, then, past it, the payment's real state, resolved with the
 * provider by reference, with a token that works, and never a second charge. A payout likewise.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { confirm, create, fixedCiPayment, get, sandboxCharges } from '../payments/helpers.ts';
import { requestPayout, validatedRecipient } from '../payouts/helpers.ts';
import { eachEngine } from './engines.ts';

/** A's lease: its provider timeout (far beyond the test, so A never gives up by itself) allows no less. */
const DEAD_LEASE_MS = 3_700_000;
const DEAD_INSTANCE = { PROVIDER_TIMEOUT_MS: '600000', IDEMPOTENCY_LEASE_MS: String(DEAD_LEASE_MS) };

/** Sends the create on `dead` and waits until the provider holds it: the request then never ends. */
async function dieMidProviderCall(dead: AppFixture, body: unknown, key: string): Promise<void> {
  const pending = create(dead, body, key);
  pending.catch(() => undefined);
  await dead.clock.sleeping();
}

async function storedPayment(t: AppFixture, phoneNumber: string) {
  return t.store.db
    .selectFrom('payments')
    .select(['reference', 'status', 'message'])
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirstOrThrow();
}

// A fresh number per test (the phone rate limit), ending 00: the sandbox's plain OTP charge. A random
// last pair would sometimes be one of its magic endings (01 to 09) and change the outcome. Ten digits
// after 225, as an Ivorian mobile number has.
const phone = () => `+2250700${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}00`;

describe('idempotency after a crash', () => {
  eachEngine('a dead request’s key', (instance) => {
    it('answers 409 during the lease, then the pending charge the provider holds, with a working token', async () => {
      const a = await instance(DEAD_INSTANCE);
      const b = await instance();
      // Ending in 06: the provider stores the charge (waiting for the OTP) and never answers the call.
      const phoneNumber = `${phone().slice(0, -2)}06`;
      const key = randomUUID();
      await dieMidProviderCall(a, fixedCiPayment(phoneNumber), key);
      const started = await storedPayment(b, phoneNumber);

      const early = await create(b, fixedCiPayment(phoneNumber), key);
      expect(early.status).toBe(409);
      expect(early.json.error.code).toBe('request_in_progress');

      await b.clock.advance(DEAD_LEASE_MS);
      const retry = await create(b, fixedCiPayment(phoneNumber), key);
      expect(retry.status).toBe(201);
      expect(retry.json.data.payment).toMatchObject({
        reference: started.reference,
        status: 'pending',
        action: 'otp',
      });
      expect(await sandboxCharges(b, started.reference)).toBe(1);

      const { token } = retry.json.data;
      expect((await get(b, started.reference, token)).status).toBe(200);
      expect((await confirm(b, started.reference, token, { otp: '123456' })).status).toBe(200);
      await b.settle();
      expect((await get(b, started.reference, token)).json.data.status).toBe('success');
      expect(await sandboxCharges(b, started.reference)).toBe(1);

      // The answer is now the key's: a later retry replays it.
      const again = await create(b, fixedCiPayment(phoneNumber), key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json.data).toEqual(retry.json.data);
    });

    it('answers the payment failed, nothing charged, when the provider never heard of it', async () => {
      const a = await instance(DEAD_INSTANCE);
      const b = await instance();
      const admin = { 'client-id': a.config.clientId, 'client-secret': a.config.clientSecret };
      // The link is read (and cached) first; then every call to A's provider waits on A's clock before
      // reaching it, so the charge never arrives.
      expect((await a.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
      await a.request('PUT', '/sandbox/_admin/faults', { latencyMs: 1_000 }, admin);
      const phoneNumber = phone();
      const key = randomUUID();
      await dieMidProviderCall(a, fixedCiPayment(phoneNumber), key);
      const started = await storedPayment(b, phoneNumber);

      await b.clock.advance(DEAD_LEASE_MS);
      const retry = await create(b, fixedCiPayment(phoneNumber), key);
      expect(retry.status).toBe(201);
      expect(retry.json.data.payment).toMatchObject({ reference: started.reference, status: 'failed' });
      expect(await sandboxCharges(b, started.reference)).toBe(0);
      // The reason is the merchant's to read; the payer's view of a final payment carries no provider text.
      expect(await storedPayment(b, phoneNumber)).toMatchObject({
        status: 'failed',
        message: expect.stringMatching(/no record of this payment; nothing was charged/),
      });

      // The payer tries again (a new attempt, a new key): a payment like any other.
      const next = await create(b, fixedCiPayment(phoneNumber));
      expect(next.status).toBe(201);
      expect(next.json.data.payment.status).toBe('pending');
      expect(next.json.data.payment.reference).not.toBe(started.reference);
    });

    it('lets one of two simultaneous retries take the key over; the other is told to wait', async () => {
      const a = await instance(DEAD_INSTANCE);
      const b = await instance();
      const phoneNumber = `${phone().slice(0, -2)}06`;
      const key = randomUUID();
      await dieMidProviderCall(a, fixedCiPayment(phoneNumber), key);

      await b.clock.advance(DEAD_LEASE_MS);
      // The link read (and cached) first; then B's calls to its provider wait on B's clock, so the first
      // retry holds the key, mid-call, for as long as the test says: the two overlap on any machine.
      expect((await b.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
      const admin = { 'client-id': b.config.clientId, 'client-secret': b.config.clientSecret };
      await b.request('PUT', '/sandbox/_admin/faults', { latencyMs: 1_000 }, admin);
      const first = create(b, fixedCiPayment(phoneNumber), key);
      await b.clock.sleeping();
      const second = await create(b, fixedCiPayment(phoneNumber), key);
      expect(second.status).toBe(409);
      expect(second.json.error.code).toBe('request_in_progress');

      await b.clock.advance(1_000);
      expect((await first).status).toBe(201);
      const { reference } = await storedPayment(b, phoneNumber);
      expect(await sandboxCharges(b, reference)).toBe(1);
    });

    it('answers a dead payout request with the payout as the ledger holds it, never a second one', async () => {
      const a = await instance(DEAD_INSTANCE);
      const b = await instance();
      const recipient = await validatedRecipient(a);
      const admin = { 'client-id': a.config.clientId, 'client-secret': a.config.clientSecret };
      await a.request('PUT', '/sandbox/_admin/faults', { latencyMs: 1_000 }, admin);
      const key = randomUUID();
      const body = { transferRecipientId: recipient, amount: 7_000, reference: key };
      requestPayout(a, body, key).catch(() => undefined);
      await a.clock.sleeping();
      const stored = await b.store.db
        .selectFrom('payouts')
        .select('reference')
        .where('merchant_reference', '=', key)
        .executeTakeFirstOrThrow();

      expect((await requestPayout(b, body, key)).status).toBe(409);
      await b.clock.advance(DEAD_LEASE_MS);
      const retry = await requestPayout(b, body, key);
      expect(retry.status).toBe(201);
      expect(retry.json.data).toMatchObject({ reference: stored.reference, status: 'processing' });
      const payouts = await b.store.db
        .selectFrom('payouts')
        .select('reference')
        .where('merchant_reference', '=', key)
        .execute();
      expect(payouts).toHaveLength(1);
    });
  });
});
