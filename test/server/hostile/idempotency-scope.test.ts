/**
 * An Idempotency-Key belongs to the client that sent it: another browser, or another checkout, sending
 * the same key (and the same body) makes a request of its own and never receives the first one's
 * answer, which holds a payment token. The keys themselves are not in the database, so a dump gives
 * nobody a key to replay.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { create, fixedCiPayment, get } from '../payments/helpers.ts';
import { dumpText, eachEngine } from './engines.ts';

const PAYER_BROWSER = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' };
const OTHER_BROWSER = { 'User-Agent': 'curl/8.5.0' };

describe('idempotency keys are scoped to their client', () => {
  eachEngine('a key sent by another client', (instance, store) => {
    it('from another browser, with the same body, is a request of its own', async () => {
      const t = await instance();
      const key = randomUUID();
      // A code payment (ending 10): a second one to the same phone is allowed, so only the key is judged.
      const body = fixedCiPayment('+2250700000010');
      const payer = await create(t, body, key, PAYER_BROWSER);
      expect(payer.status).toBe(201);

      const other = await create(t, body, key, OTHER_BROWSER);
      expect(other.status).toBe(201);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(other.json.data.payment.reference).not.toBe(payer.json.data.payment.reference);
      expect(other.json.data.token).not.toBe(payer.json.data.token);
      // The payer's token does not open the other client's payment, nor the other way round.
      expect((await get(t, payer.json.data.payment.reference, other.json.data.token)).status).toBe(401);

      const again = await create(t, body, key, PAYER_BROWSER);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(payer.text);
    });

    it('for another checkout is a request of its own, not a conflict with the first', async () => {
      const t = await instance();
      const key = randomUUID();
      expect((await create(t, fixedCiPayment('+2250700000002'), key)).status).toBe(201);
      const elsewhere = await create(
        t,
        {
          link: 'lnk_limited_ke',
          amount: 10_000,
          customer: {},
          fields: {},
          method: { kind: 'direct', provider: 'mpesa-ke', phoneNumber: '+254700000002' },
        },
        key,
      );
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    });

    it('is not in the database: a dump holds no key to replay', async () => {
      const t = await instance();
      const key = `key-${randomUUID()}`;
      expect((await create(t, fixedCiPayment('+2250700000003'), key)).status).toBe(201);
      expect((await dumpText(store())).filter((text) => text.includes(key))).toEqual([]);
    });
  });
});
