// The throwaway PostgreSQL harness itself: a fresh database answers queries and LISTEN/NOTIFY.
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from './postgres.ts';

describe.skipIf(!postgresUrl)('PostgreSQL test harness', () => {
  let db: FreshDatabase;
  const clients: Client[] = [];
  const connect = async (): Promise<Client> => {
    const client = new Client({ connectionString: db.url });
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    db = await freshPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await db?.drop();
  });

  it('connects to a fresh database and runs select 1', async () => {
    const client = await connect();
    const { rows } = await client.query<{ one: number; db: string }>(
      'select 1 as one, current_database() as db',
    );
    expect(rows).toEqual([{ one: 1, db: new URL(db.url).pathname.slice(1) }]);
  });

  it('delivers a NOTIFY to a LISTENing connection', async () => {
    const [listener, notifier] = await Promise.all([connect(), connect()]);
    await listener.query('LISTEN payment_events');
    const received = new Promise<string | undefined>((resolve) => {
      listener.once('notification', (message) => resolve(message.payload));
    });
    await notifier.query(`select pg_notify('payment_events', $1)`, ['pay_123:succeeded']);
    await expect(received).resolves.toBe('pay_123:succeeded');
  });

  it('drops a fresh database even with a connection still open', async () => {
    const other = await freshPostgresDatabase();
    const leftover = new Client({ connectionString: other.url });
    leftover.on('error', () => {}); // the forced drop terminates it
    await leftover.connect();
    await other.drop();
    const admin = await connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
      new URL(other.url).pathname.slice(1),
    ]);
    expect(rowCount).toBe(0);
  });
});
