/**
 * Housekeeping deletes what has lapsed, and only that: a spent idempotency key after its 24 hours and a
 * console session after its 8, each counted in the round's report; nothing before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_MS } from '../../server/console/sessions.ts';
import { HANDOFF_KEPT_AFTER_EXPIRY_MS } from '../../server/handoffs/service.ts';
import { housekeeping } from '../../server/housekeeping.ts';
import { IDEMPOTENCY_TTL_MS } from '../../server/idempotency/keys.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from './app-fixture.ts';
import { create, fixedCiPayment } from './payments/helpers.ts';

let t: AppFixture;
afterEach(async () => {
  await t.close();
});

const NOTHING = { idempotencyKeys: 0, uploads: 0, consoleSessions: 0, rateLimitWindows: 0, handoffs: 0 };

describe('housekeeping', () => {
  it('deletes a lapsed idempotency key and console session, and nothing before they lapse', async () => {
    t = await startApp();
    expect((await create(t, fixedCiPayment('+2250700000000'))).status).toBe(201);
    const login = await t.request('POST', '/console/login', `apiKey=${TEST_MERCHANT_KEY}`, {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_PUBLIC_URL,
    });
    expect(login.status).toBe(303);

    await t.clock.advance(CONSOLE_SESSION_MS - 1);
    expect(await housekeeping(t)).toEqual(NOTHING);
    await t.clock.advance(1);
    expect(await housekeeping(t)).toEqual({ ...NOTHING, consoleSessions: 1 });
    await t.clock.advance(IDEMPOTENCY_TTL_MS - CONSOLE_SESSION_MS);
    expect(await housekeeping(t)).toEqual({ ...NOTHING, idempotencyKeys: 1 });
    expect(await housekeeping(t)).toEqual(NOTHING);
  });

  it("deletes a handoff, with the payer's answers it holds, a day after it expired, and not before", async () => {
    t = await startApp();
    const handoff = await t.request('POST', '/api/v1/handoffs', {
      link: 'lnk_fixed_ci',
      customer: { name: 'Awa Koné', email: 'awa@example.com' },
    });
    expect(handoff.status).toBe(201);
    await t.clock.advance(t.config.handoffTtlMs + HANDOFF_KEPT_AFTER_EXPIRY_MS - 1);
    expect((await housekeeping(t)).handoffs).toBe(0);
    await t.clock.advance(1);
    expect((await housekeeping(t)).handoffs).toBe(1);
    expect(await t.store.db.selectFrom('payment_handoffs').selectAll().execute()).toEqual([]);
  });
});
