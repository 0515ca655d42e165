/**
 * A payer whose answer to Pay was lost after the provider pushed its approval prompt fills the form
 * again and pays: without a rule, a second prompt reaches the same phone and approving both charges
 * twice. While a payment of one link or session from one wallet waits for approval on the phone, a new
 * one is refused 409 `wallet_busy`, however the number is written; another number, a payment that only
 * waits for its code, and a replay of the same Idempotency-Key are not. Phone numbers are wallets: the
 * per-number limit counts one Nigerian number written five ways as one phone.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { create, created, fixedCiPayment, get, sandboxCharges } from '../payments/helpers.ts';
import { postgresUrl } from '../postgres.ts';
import { twoInstancesOnOnePostgres } from '../two-instances.ts';
import { eachEngine } from './engines.ts';
import { newSession, sessionPayment } from './helpers.ts';

const MINUTE = 60_000;
/** One database per file on PostgreSQL: the file's creates from one address must not meet its limit. */
const ROOMY = { RATE_LIMITS: 'create=1000/60' };

/** The payments stored for `wallet`, in E.164. */
const storedFor = (t: AppFixture, wallet: string) =>
  t.store.db
    .selectFrom('payments')
    .select(['reference', 'phone_number'])
    .where('phone_number', '=', wallet)
    .execute();

/** A gift to `lnk_donation_ng` (NGN, payer amount, anonymous) from `phoneNumber`. */
const donation = (phoneNumber: string) => ({
  link: 'lnk_donation_ng',
  amount: 100_000,
  customer: {},
  fields: {},
  method: { kind: 'direct', provider: 'opay-ng', network: 'opay', phoneNumber },
});

/** One Nigerian wallet (national number `national`) in every spelling payers use. */
const spellings = (national: string) => [
  `+234${national}`,
  `234${national}`,
  `0${national}`,
  `00234${national}`,
  national,
  `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
];

const BUSY = 'A payment from this number is already waiting on your phone: approve it, or wait 60 minutes';

describe('one prompt at a time per wallet', () => {
  eachEngine('a second payment from a phone already prompted', (instance) => {
    it('is refused in every spelling of the number, with how long the first may still be approved', async () => {
      const t = await instance(ROOMY);
      // Ending 03: approve-on-phone, and the prompt is never answered.
      const [first, ...others] = spellings('8031230003');
      const waiting = await created(t, donation(first!));
      expect(waiting.payment).toMatchObject({ status: 'processing', action: 'processing' });
      for (const spelling of others) {
        const again = await create(t, donation(spelling));
        expect(again.status, spelling).toBe(409);
        expect(again.json).toEqual({
          statusCode: 409,
          error: { code: 'wallet_busy', message: BUSY, retryAfter: 3600 },
        });
        expect(again.headers.get('retry-after')).toBe('3600');
        // Nothing of the first payment is handed to whoever only knows the number.
        expect(again.text).not.toContain(waiting.reference);
      }
      expect(await storedFor(t, first!)).toHaveLength(1);
      expect(await sandboxCharges(t, waiting.reference)).toBe(1);

      // The wait counts down from the first payment's reservation (PAYMENT_RESERVATION_MS, an hour).
      await t.clock.advance(59 * MINUTE + 30_000);
      const later = await create(t, donation(first!));
      expect(later.json.error.message).toBe(
        'A payment from this number is already waiting on your phone: approve it, or wait 1 minute',
      );
      expect(later.json.error.retryAfter).toBe(30);
      // Past it, the provider can no longer take the first: the number may pay again.
      await t.clock.advance(30_000);
      expect((await create(t, donation(first!))).status).toBe(201);
    });

    it('never holds back another number, and lets the same number pay again once the first is final', async () => {
      const t = await instance(ROOMY);
      // Ending 01: approve-on-phone, then success by webhook.
      const first = await created(t, fixedCiPayment('+2250700001101'));
      expect(first.payment).toMatchObject({ status: 'processing' });
      expect((await create(t, fixedCiPayment('+2250700001201'))).status).toBe(201);
      expect((await create(t, fixedCiPayment('07 00 00 11 01'))).json.error?.code).toBe('wallet_busy');
      await t.settle();
      expect((await get(t, first.reference, first.token)).json.data.status).toBe('success');
      expect((await create(t, fixedCiPayment('0700001101'))).status).toBe(201);
    });

    it('lets a payment that only waits for its code be followed by another, as on a cart', async () => {
      const t = await instance(ROOMY);
      // Ending 00: an SMS code, which cannot charge without our confirm.
      const first = await created(t, fixedCiPayment('+2250700001300'));
      expect(first.payment).toMatchObject({ status: 'pending', action: 'otp' });
      const second = await create(t, fixedCiPayment('0700001300'));
      expect(second.status).toBe(201);
      expect(second.json.data.payment).toMatchObject({ status: 'pending', action: 'otp' });
    });

    it('replays the same Idempotency-Key as before, not a 409', async () => {
      const t = await instance(ROOMY);
      const key = randomUUID();
      const first = await create(t, fixedCiPayment('+2250700001403'), key);
      expect(first.status).toBe(201);
      const replay = await create(t, fixedCiPayment('+2250700001403'), key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.json.data).toEqual(first.json.data);
    });

    it('keeps no refusal for its key: the same key goes through once the first payment is final', async () => {
      const t = await instance(ROOMY);
      const first = await created(t, fixedCiPayment('+2250700001501'));
      const key = randomUUID();
      expect((await create(t, fixedCiPayment('+2250700001501'), key)).status).toBe(409);
      await t.settle();
      expect((await get(t, first.reference, first.token)).json.data.status).toBe('success');
      const retried = await create(t, fixedCiPayment('+2250700001501'), key);
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
    });

    it('on a cart, names the wallet rather than the cart when the number is the same', async () => {
      const t = await instance(ROOMY);
      const session = await newSession(t);
      await created(t, sessionPayment(session, '+2348031231601'));
      const again = await create(t, sessionPayment(session, '08031231601'));
      expect(again.status).toBe(409);
      expect(again.json.error.code).toBe('wallet_busy');
      // Another number on the same cart is still told the cart is taken.
      expect((await create(t, sessionPayment(session, '+2348031231701'))).json.error.code).toBe(
        'payment_in_progress',
      );
    });

    it('counts one wallet written five ways as one phone against the per-number limit', async () => {
      const t = await instance({ RATE_LIMITS: 'create=1000/60,phone=5/900' });
      // Ending 00: codes, so the wallet rule does not hold them back; only the limit does.
      const statuses: number[] = [];
      for (const spelling of spellings('8031231800'))
        statuses.push((await create(t, donation(spelling))).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      // Stored as the wallet, whichever way it was written.
      expect(await storedFor(t, '+2348031231800')).toHaveLength(5);
    });

    it('decides two creates at once from one number on one instance: one prompt, one 409', async () => {
      const t = await instance(ROOMY);
      const answers = await Promise.all([
        create(t, fixedCiPayment('+2250700002103')),
        create(t, fixedCiPayment('0700002103')),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await storedFor(t, '+2250700002103')).toHaveLength(1);
    });

    it('refuses a number that is no wallet of the checkout country, naming the field', async () => {
      const t = await instance(ROOMY);
      for (const phoneNumber of ['+2250700001901', '0803123', '0123 456 7890']) {
        const refused = await create(t, donation(phoneNumber));
        expect(refused.status, phoneNumber).toBe(400);
        expect(refused.json.error).toEqual({
          code: 'validation_failed',
          message: 'The request is not valid',
          fields: [
            {
              path: 'method.phoneNumber',
              code: 'invalid_phone',
              message: 'is not a valid phone number in NG',
            },
          ],
        });
      }
    });
  });
});

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL, one wallet', () => {
  const instances = twoInstancesOnOnePostgres();

  it('two creates at once from one number, one on each instance: one prompt, one 409', async () => {
    const { one, two } = instances;
    // Rounds of a number each, so the two requests meet at the check more than once.
    for (let round = 0; round < 6; round++) {
      const national = `07002${String(round).padStart(3, '0')}03`;
      const answers = await Promise.all([
        create(one, fixedCiPayment(`+225${national}`)),
        create(two, fixedCiPayment(national)),
      ]);
      expect(answers.map((answer) => answer.status).sort(), national).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)?.json.error.code).toBe('wallet_busy');
    }
    const rows = await one.store.db.selectFrom('payments').select('phone_number').execute();
    expect(rows).toHaveLength(6);
  });
});
