/**
 * An Idempotency-Key belongs to the client that sent it: another browser sending the same key (and the
 * same body) for the same checkout is refused, never given the first one's answer (which holds a
 * payment token) nor a second payment; another checkout's key is a request of its own. The keys themselves are not in the database, so a dump gives
 * nobody a key to replay.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { create, fixedCiPayment } from '../payments/helpers.ts';
import type { Store } from '../../../server/store/database.ts';
import { dumpText, eachEngine } from './engines.ts';

const PAYER_BROWSER = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' };
const OTHER_BROWSER = { 'User-Agent': 'curl/8.5.0' };

/** Payments stored (the PostgreSQL database is shared by the file's tests: compare, never count from 0). */
const paymentCount = async (store: Store) =>
  (await store.db.selectFrom('payments').select('reference').execute()).length;

describe('idempotency keys are scoped to their client', () => {
  eachEngine('a key sent by another client', (instance, store) => {
    it('from another browser, with the same body, makes no payment and gets no token', async () => {
      const t = await instance();
      const key = randomUUID();
      // A code payment (ending 10): a second one to the same phone is allowed, so only the key is judged.
      const body = fixedCiPayment('+2250700000010');
      const payer = await create(t, body, key, PAYER_BROWSER);
      expect(payer.status).toBe(201);
      const made = await paymentCount(store());

      const other = await create(t, body, key, OTHER_BROWSER);
      expect(other.status).toBe(422);
      expect(other.json.error.code).toBe('idempotency_conflict');
      expect(other.text).not.toContain(payer.json.data.payment.reference);
      expect(other.text).not.toContain(payer.json.data.token);
      expect(await paymentCount(store())).toBe(made);

      const again = await create(t, body, key, PAYER_BROWSER);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(payer.text);
    });

    it('from the same payer whose User-Agent changed is refused, not a second charge', async () => {
      const t = await instance();
      const key = randomUUID();
      // A push to the phone (ending 00): the charge a lost answer followed by a browser update repeated.
      const body = fixedCiPayment('+2250700000500');
      const phone = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 13; SM-A135F) Mobile Safari/537.36' };
      const desktopSite = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' };
      const first = await create(t, body, key, phone);
      expect(first.status).toBe(201);
      const made = await paymentCount(store());
      const replay = await create(t, body, key, phone);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');

      const changed = await create(t, body, key, desktopSite);
      expect(changed.status).toBe(422);
      expect(changed.json.error.code).toBe('idempotency_conflict');
      expect(changed.json.data).toBeUndefined();
      expect(changed.text).not.toContain(first.json.data.token);
      expect(await paymentCount(store())).toBe(made);
      // And a third browser, sent the key after the refusal, is refused alike.
      expect((await create(t, body, key, OTHER_BROWSER)).status).toBe(422);
      expect(await paymentCount(store())).toBe(made);
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
