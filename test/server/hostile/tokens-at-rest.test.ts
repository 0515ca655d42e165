/**
 * A dump of the database (or of a backup) must not yield a payment token: the payments keep only its
 * hash, and the answer kept for Idempotency-Key replays must not hold it either. A replay still hands
 * the payer a token that works.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { create, fixedCiPayment, get } from '../payments/helpers.ts';
import { dumpText, eachEngine } from './engines.ts';

describe('payment tokens at rest', () => {
  eachEngine('a created payment', (instance, store) => {
    it('leaves its token in no column of any table, and a replay still answers a working token', async () => {
      const t = await instance();
      const key = randomUUID();
      const first = await create(t, fixedCiPayment('+2250700000000'), key);
      expect(first.status).toBe(201);
      const { token, payment } = first.json.data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const dump = await dumpText(store());
      expect(dump.length).toBeGreaterThan(50);
      expect(dump.filter((text) => text.includes(token))).toEqual([]);
      expect(t.logs.filter((line) => JSON.stringify(line).includes(token))).toEqual([]);

      const replay = await create(t, fixedCiPayment('+2250700000000'), key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).toBe(first.text);
      expect((await get(t, payment.reference, replay.json.data.token)).status).toBe(200);
      expect((await dumpText(store())).filter((text) => text.includes(token))).toEqual([]);
    });
  });
});
