/**
 * RETENTION_DAYS on PostgreSQL: the same purge (bytea uploads, RETURNING, partial
 * indexes), and one round at a time across instances. Skipped visibly when no PostgreSQL is available.
 */
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_LOCK_KEYS } from '../../../server/retention/purge.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, paymentRow } from '../payments/helpers.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';
import { DAY_MS, downloadUpload, marathonPayment, purge, upload, webhookBodies } from './helpers.ts';

describe.skipIf(!postgresUrl)('retention purge on PostgreSQL', () => {
  let database: FreshDatabase;
  let store: Store;
  let t: AppFixture;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    store = await openStore({ databaseUrl: database.url });
    t = await startApp({ store, env: { DATABASE_URL: database.url, RETENTION_DAYS: '7' } });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
    await database.drop();
  });

  it('purges an old paid payment with its upload, once, and skips a round another instance holds', async () => {
    const uploadId = await upload(t);
    const { reference } = await created(t, marathonPayment(uploadId));
    await t.settle();
    const before = await paymentRow(t, reference);
    expect(before).toMatchObject({ status: 'success', purged_at: null });
    await t.clock.advance(8 * DAY_MS);

    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    const [namespace, job] = RETENTION_LOCK_KEYS;
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [namespace, job]);
      expect((await purge(t)).report).toMatchObject({ ran: false, payments: 0 });
      expect((await paymentRow(t, reference)).purged_at).toBeNull();
      await holder.query('select pg_advisory_unlock($1, $2)', [namespace, job]);
    } finally {
      await holder.end();
    }

    expect((await purge(t)).report).toMatchObject({ ran: true, payments: 1, uploads: 1, webhooks: 1 });
    expect(await paymentRow(t, reference)).toEqual({
      ...before,
      customer: '{}',
      fields: '{}',
      phone_number: null,
      purged_at: t.clock.now(),
    });
    expect((await downloadUpload(t, uploadId)).status).toBe(404);
    expect(await webhookBodies(t, reference)).toEqual(['']);
    expect((await purge(t)).report).toMatchObject({ ran: true, payments: 0, uploads: 0, webhooks: 0 });
  });
});
