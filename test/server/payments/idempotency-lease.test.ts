/**
 * IDEMPOTENCY_LEASE_MS (how long a creating request owns its key) follows PROVIDER_TIMEOUT_MS and refuses a
 * lease a slow but living request could outlast; a payment's token, derived again on replay, survives a
 * rotation of the merchant key while the old key is kept in MERCHANT_API_KEY_PREVIOUS.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { create, fixedCiPayment, get } from './helpers.ts';

describe('IDEMPOTENCY_LEASE_MS', () => {
  it('is 2 minutes by default, and longer when six provider attempts could take longer', () => {
    expect(loadConfig({}).idempotencyLeaseMs).toBe(120_000);
    expect(loadConfig({ PROVIDER_TIMEOUT_MS: '30000' }).idempotencyLeaseMs).toBe(210_000);
    expect(loadConfig({ IDEMPOTENCY_LEASE_MS: '95000' }).idempotencyLeaseMs).toBe(95_000);
  });

  it('refuses a lease a request still waiting on the provider could outlast, naming the variable', () => {
    expect(() => loadConfig({ IDEMPOTENCY_LEASE_MS: '90000' })).toThrow(ConfigError);
    expect(() => loadConfig({ IDEMPOTENCY_LEASE_MS: '90000' })).toThrow(
      /IDEMPOTENCY_LEASE_MS must be more than 90000 ms: a creating request may wait on 6 provider attempts/,
    );
    expect(() => loadConfig({ IDEMPOTENCY_LEASE_MS: '2m' })).toThrow(
      'IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds',
    );
  });
});

describe('a replayed payment token across a merchant key rotation', () => {
  const OLD_KEY = 'mk_old_0123456789abcdef';
  let store: Store;
  const apps: AppFixture[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await store.close();
  });
  async function instance(env: Record<string, string>) {
    const app = await startApp({ store, env });
    apps.push(app);
    return app;
  }

  it('is the same working token while the old key is kept, and a clear refusal once it is gone', async () => {
    store = await openStore({ memory: true });
    const before = await instance({ MERCHANT_API_KEY: OLD_KEY });
    const key = randomUUID();
    const first = await create(before, fixedCiPayment('+2250700000000'), key);
    expect(first.status).toBe(201);

    const rotated = await instance({
      MERCHANT_API_KEY: TEST_MERCHANT_KEY,
      MERCHANT_API_KEY_PREVIOUS: OLD_KEY,
    });
    const replay = await create(rotated, fixedCiPayment('+2250700000000'), key);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    expect((await get(rotated, first.json.data.payment.reference, replay.json.data.token)).status).toBe(200);

    const retired = await instance({ MERCHANT_API_KEY: TEST_MERCHANT_KEY });
    const refused = await create(retired, fixedCiPayment('+2250700000000'), key);
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('idempotency_conflict');
  });
});
