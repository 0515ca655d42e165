/**
 * On PostgreSQL the rate limits' counts live in the store: two instances on one database allow each limit
 * once between them, not once each. The counter itself: one atomic upsert per hit, a new window starts
 * from 1, an instance whose clock lags counts into the newer window, ended windows are purged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { purgeEndedRateLimitWindows, storedWindowCounter } from '../../../server/http/window-counter.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';
import { create, fixedCiPayment, get, created } from './helpers.ts';

describe.skipIf(!postgresUrl)('rate limits shared on PostgreSQL', () => {
  let database: FreshDatabase;
  const open: { store: Store; app?: AppFixture }[] = [];
  beforeAll(async () => {
    database = await freshPostgresDatabase();
  });
  afterEach(async () => {
    for (const { app, store } of open.splice(0)) {
      await app?.close();
      await store.close();
    }
  });
  afterAll(() => database.drop());

  async function store(): Promise<Store> {
    const opened = await openStore({ databaseUrl: database.url });
    await opened.db.deleteFrom('rate_limit_windows').execute(); // each test starts with no counts
    open.push({ store: opened });
    return opened;
  }
  /** Two instances of the backend, each with its own pool, on the one database. */
  async function twoInstances(env: Record<string, string>): Promise<[AppFixture, AppFixture]> {
    const a = await startApp({ env, store: await store() });
    const b = await startApp({ env, store: await store() });
    return [a, b];
  }

  it('ip: requests spread over two instances share one allowance', async () => {
    const [a, b] = await twoInstances({ RATE_LIMITS: 'ip=3/60' });
    expect((await a.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
    expect((await b.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
    expect((await a.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
    const over = await b.request('GET', '/api/v1/links/lnk_fixed_ci');
    expect(over.status).toBe(429);
    expect(over.json).toEqual({
      statusCode: 429,
      error: { code: 'rate_limited', message: 'Too many requests; try again later' },
    });
    expect(over.headers.get('retry-after')).toBe('60');
    expect((await a.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(429);
    a.clock.advance(60_000);
    expect((await a.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
  });

  it('create and reference: counted across instances too', async () => {
    const [a, b] = await twoInstances({ RATE_LIMITS: 'create=2/60,reference=3/60' });
    const payment = await created(a, fixedCiPayment('+2250700000000'));
    expect((await create(b, fixedCiPayment('+2250700000000'))).status).toBe(201);
    expect((await create(a, fixedCiPayment('+2250700000000'))).status).toBe(429);
    expect((await get(b, payment.reference, payment.token)).status).toBe(200);
    expect((await get(a, payment.reference, payment.token)).status).toBe(200);
    expect((await get(b, payment.reference, payment.token)).status).toBe(200);
    expect((await get(a, payment.reference, payment.token)).status).toBe(429);
  });

  it('console logins: 10 attempts a minute per IP between all instances', async () => {
    const [a, b] = await twoInstances({});
    const attempt = (t: AppFixture, apiKey: string) =>
      t.request('POST', '/console/login', `apiKey=${apiKey}`, {
        'content-type': 'application/x-www-form-urlencoded',
        origin: TEST_PUBLIC_URL,
      });
    for (let i = 0; i < 10; i++)
      expect((await attempt(i % 2 ? a : b, 'mk_wrong_0123456789abcdef')).status).toBe(303);
    const limited = await attempt(a, TEST_MERCHANT_KEY);
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe('Too many login attempts; try again later');
  });

  it('the counter: concurrent hits each get their own count, a new window starts again from 1', async () => {
    const { db } = await store();
    const counter = storedWindowCounter(db);
    const window = { start: 60_000, end: 120_000 };
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => counter.increment('ip:1.2.3.4', window)),
    );
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await counter.increment('ip:5.6.7.8', window)).toBe(1);
    expect(await counter.increment('ip:1.2.3.4', { start: 120_000, end: 180_000 })).toBe(1);
    // An instance still in the previous window (its clock lags) counts into the newer one.
    expect(await counter.increment('ip:1.2.3.4', window)).toBe(2);
    expect(await counter.increment('ip:1.2.3.4', { start: 120_000, end: 180_000 })).toBe(3);
  });

  it('purges windows that have ended, and only those', async () => {
    const { db } = await store();
    const counter = storedWindowCounter(db);
    await counter.increment('ip:ended', { start: 0, end: 60_000 });
    await counter.increment('ip:live', { start: 60_000, end: 120_000 });
    expect(await purgeEndedRateLimitWindows(db, 60_000)).toBe(1);
    const left = await db.selectFrom('rate_limit_windows').select(['id', 'count']).execute();
    expect(left).toEqual([{ id: 'ip:live', count: 1 }]);
  });
});
