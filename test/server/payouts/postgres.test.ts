/**
 * Payouts on PostgreSQL: the ledger, the disbursement webhook, idempotency and one
 * reconciliation round at a time across instances. Skipped visibly when no PostgreSQL is available.
 */
import { Client } from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_LOCK_KEYS, reconcilePayouts } from '../../../server/payouts/reconcile.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';
import { getPayout, ledgerRow, requestPayout, validatedRecipient } from './helpers.ts';

const logger = pino({ level: 'silent' });

describe.skipIf(!postgresUrl)('payouts on PostgreSQL', () => {
  let database: FreshDatabase;
  let store: Store;
  let t: AppFixture;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    store = await openStore({ databaseUrl: database.url });
    t = await startApp({ store, env: { DATABASE_URL: database.url } });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
    await database.drop();
  });

  it('pays out, replays by key, and the webhook makes the payout a success', async () => {
    const recipient = await validatedRecipient(t);
    const body = { transferRecipientId: recipient, amount: 8_000 };
    const first = await requestPayout(t, body, 'pg-key');
    expect(first.status).toBe(201);
    expect((await requestPayout(t, body, 'pg-key')).text).toBe(first.text);
    await t.settle();
    expect(await ledgerRow(t, first.json.data.reference)).toMatchObject({
      status: 'success',
      final: 1,
      amount: 8_000,
    });
    expect((await getPayout(t, first.json.data.reference)).json.data).toMatchObject({
      status: 'success',
      final: true,
    });
  });

  it('a round is skipped while another instance holds the payout lock', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    const [namespace, job] = PAYOUT_LOCK_KEYS;
    const deps = { store, provider: t.provider, clock: t.clock, logger };
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [namespace, job]);
      expect(await reconcilePayouts(deps)).toEqual({ ran: false, checked: 0, changed: 0, mismatches: 0 });
      await holder.query('select pg_advisory_unlock($1, $2)', [namespace, job]);
      expect(await reconcilePayouts(deps)).toMatchObject({ ran: true, mismatches: 0 });
    } finally {
      await holder.end();
    }
  });
});
