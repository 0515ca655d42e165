/**
 * Reconciliation: a payment interrupted by a restart is finished by verify, a payment
 * the provider never received fails, a lapsed step expires, and nothing younger than a minute is touched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentEvents } from '../../../server/payments/events.ts';
import { reconcilePayments } from '../../../server/payments/reconcile.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { confirm, created, fixedCiPayment, get, paymentRow } from './helpers.ts';

let t: AppFixture | undefined;
let store: Store | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  t = store = dir = undefined;
});

const logger = pino({ level: 'silent' });

function reconcile(app: AppFixture) {
  const events = createPaymentEvents(app.store, { logger });
  return reconcilePayments({ store: app.store, provider: app.provider, clock: app.clock, logger, events });
}

describe('reconciliation', () => {
  it('finishes a payment whose webhook was lost while the server restarted', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pay-restart-'));
    store = await openStore({ dataDir: dir });
    t = await startApp({ store });
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await confirm(t, reference, token, { otp: '123456' });
    // The server goes down before the provider's webhook is delivered.
    await t.close();
    await store.close();

    store = await openStore({ dataDir: dir });
    t = await startApp({ store });
    expect((await paymentRow(t, reference)).status).toBe('processing');
    expect(await reconcile(t)).toEqual({ ran: true, checked: 0, changed: 0 });
    await t.clock.advance(60_000);
    expect(await reconcile(t)).toEqual({ ran: true, checked: 1, changed: 1 });
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'success', action: 'none' });
  });

  it('fails a payment the provider never received, and expires a lapsed step', async () => {
    t = await startApp();
    const lapsed = await created(t, fixedCiPayment('+2250700000000'));
    const lost = await created(t, fixedCiPayment('+2250700000000'));
    // As if we had crashed between storing the payment and calling the provider.
    await t.store.db.deleteFrom('sandbox_transactions').where('reference', '=', lost.reference).execute();
    await t.clock.advance(10 * 60_000);
    expect(await reconcile(t)).toEqual({ ran: true, checked: 2, changed: 2 });
    expect((await get(t, lapsed.reference, lapsed.token)).json.data.status).toBe('expired');
    expect((await get(t, lost.reference, lost.token)).json.data.status).toBe('failed');
    expect((await paymentRow(t, lost.reference)).message).toBe(
      'The payment provider has no record of this payment; nothing was charged',
    );
  });
});
