/**
 * RETENTION_DAYS on payments (server/retention): real payments with uploads, driven through the API to
 * each final status, then the clock moved past the window. Exactly the personal columns are blanked, the
 * uploads and webhook bodies go, the money facts stay, and nothing else moves, on any run after.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, get, paymentRow, PAYER, SHOP } from '../payments/helpers.ts';
import {
  DAY_MS,
  downloadUpload,
  marathonPayment,
  MERCHANT,
  paymentRows,
  purge,
  upload,
  webhookBodies,
} from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const RETENTION = { RETENTION_DAYS: '30' };

/** What a purge does to a payment row: these columns, nothing else. */
const purgedColumns = (now: number) => ({
  customer: '{}',
  fields: '{}',
  phone_number: null,
  return_url: null,
  redirect_url: null,
  bank_transfer: null,
  last_confirm: null,
  purged_at: now,
});

/**
 * A payment in each final status (success with an upload, failed, expired hosted with a return URL)
 * plus one that never ends (`03`); answers their references and tokens.
 */
async function oldPayments() {
  const uploadId = await upload(t);
  const success = await created(t, marathonPayment(uploadId));
  const failed = await created(t, fixedCiPayment('+2250700000004'));
  const expired = await created(t, {
    link: 'lnk_fixed_ci',
    customer: { ...PAYER, phoneNumber: '+2250700000000' },
    fields: { subscriber_id: 'AB-1234' },
    method: { kind: 'hosted', returnUrl: `${SHOP}/checkout?email=awa%40example.ci` },
  });
  const open = await created(t, fixedCiPayment('+2250700000003'));
  await t.settle();
  await t.clock.advance(30 * 60_000);
  expect((await get(t, expired.reference, expired.token)).json.data.status).toBe('expired');
  expect((await paymentRow(t, success.reference)).status).toBe('success');
  expect((await paymentRow(t, failed.reference)).status).toBe('failed');
  expect((await paymentRow(t, open.reference)).status).toBe('processing');
  return { uploadId, success, failed, expired, open };
}

describe('RETENTION_DAYS purge of payments', () => {
  it('blanks exactly the personal columns of final payments older than the window, and deletes their uploads', async () => {
    t = await startApp({ env: RETENTION });
    const old = await oldPayments();
    const oldWebhooks = await webhookBodies(t, old.success.reference);
    expect(oldWebhooks).toHaveLength(1);
    expect(oldWebhooks[0]).toContain(old.success.reference);

    await t.clock.advance(30 * DAY_MS);
    // A day inside the window: a recent success with its own upload.
    const recentUpload = await upload(t, 'recent.pdf');
    const recent = await created(t, marathonPayment(recentUpload));
    await t.settle();
    await t.clock.advance(DAY_MS);

    const before = new Map((await paymentRows(t)).map((row) => [row.reference, row]));
    const { report, logs } = await purge(t);
    expect(report).toEqual({
      ran: true,
      payments: 3,
      uploads: 1,
      sessions: 0,
      payouts: 0,
      recipients: 0,
      webhooks: 2, // success and failed each had one; the expired hosted payment none
      notifications: 0,
    });

    for (const { reference } of [old.success, old.failed, old.expired]) {
      expect(await paymentRow(t, reference)).toEqual({
        ...before.get(reference),
        ...purgedColumns(t.clock.now()),
      });
    }
    // What the accounting record keeps, spelled out for the success.
    expect(await paymentRow(t, old.success.reference)).toMatchObject({
      link_id: 'lnk_all_fields_sn',
      provider: 'wave-sn',
      amount: 10_000,
      fee: 100,
      total: 10_100,
      currency: 'XOF',
      status: 'success',
      paid_at: Date.parse('2026-11-22T10:00:00.000Z'),
      provider_reference: expect.any(String),
    });
    expect(before.get(old.expired.reference)?.return_url).toContain('email=awa%40example.ci');
    expect(before.get(old.expired.reference)?.redirect_url).toMatch(/^http/);

    // Non-final and recent payments are untouched.
    expect(await paymentRow(t, old.open.reference)).toEqual(before.get(old.open.reference));
    expect(await paymentRow(t, recent.reference)).toEqual(before.get(recent.reference));

    // The old upload is gone (404 envelope); the recent one is still served.
    const gone = await downloadUpload(t, old.uploadId);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ statusCode: 404, error: { code: 'not_found', message: 'Upload not found' } });
    expect((await downloadUpload(t, recentUpload)).status).toBe(200);

    // Webhook bodies: emptied for purged payments, kept for the others; the rows stay (deduplication).
    expect(await webhookBodies(t, old.success.reference)).toEqual(['']);
    expect(await webhookBodies(t, old.failed.reference)).toEqual(['']);
    expect((await webhookBodies(t, recent.reference))[0]).toContain(recent.reference);
    expect((await webhookBodies(t, old.open.reference)).every((body) => body !== '')).toBe(true);

    // The log says how many, never whose.
    const line = logs.find((entry) => entry.msg === 'retention: personal data purged');
    expect(line).toMatchObject({ retentionDays: 30, payments: 3, uploads: 1, webhooks: 2 });
    const logged = JSON.stringify(logs);
    for (const secret of ['Moussa', 'moussa@', '+221', 'awa%40', old.success.reference])
      expect(logged).not.toContain(secret);
  });

  it('the merchant list and the payer still read purged payments', async () => {
    t = await startApp({ env: RETENTION });
    const old = await oldPayments();
    const payerView = (await get(t, old.success.reference, old.success.token)).json.data;
    await t.clock.advance(31 * DAY_MS);
    await purge(t);

    const list = await t.request('GET', '/api/v1/payments?status=success', undefined, MERCHANT);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ statusCode: 200, total: 1, page: 1, pages: 1 });
    expect(list.json.data[0]).toEqual({
      reference: old.success.reference,
      status: 'success',
      action: 'none',
      amount: 10_000,
      fee: 100,
      total: 10_100,
      currency: 'XOF',
      currencyExponent: 0,
      paidAt: '2026-11-22T10:00:00.000Z',
      createdAt: '2026-11-22T10:00:00.000Z',
      method: 'direct',
      provider: 'wave-sn',
      link: 'lnk_all_fields_sn',
      customer: {},
      fields: {},
      uploads: [],
      purgedAt: new Date(t.clock.now()).toISOString(),
      receiptUrl: expect.stringMatching(new RegExp(`^http://pay\\.test/pay/receipt/${old.success.reference}\\.`)),
    });
    // The still-open payment is listed whole, without purgedAt.
    const open = await t.request('GET', '/api/v1/payments?status=processing', undefined, MERCHANT);
    expect(open.json.data[0]).toMatchObject({ customer: PAYER, fields: { subscriber_id: 'AB-1234' } });
    expect(open.json.data[0].purgedAt).toBeUndefined();

    // The payer's receipt reads the same as before the purge.
    expect((await get(t, old.success.reference, old.success.token)).json.data).toEqual(payerView);
  });

  it('a second run changes nothing', async () => {
    t = await startApp({ env: RETENTION });
    await oldPayments();
    await t.clock.advance(31 * DAY_MS);
    expect((await purge(t)).report.payments).toBe(3);
    const once = await paymentRows(t);
    const uploads = await t.store.db.selectFrom('uploads').selectAll().execute();
    await t.clock.advance(DAY_MS);
    expect((await purge(t)).report).toEqual({
      ran: true,
      payments: 0,
      uploads: 0,
      sessions: 0,
      payouts: 0,
      recipients: 0,
      webhooks: 0,
      notifications: 0,
    });
    expect(await paymentRows(t)).toEqual(once);
    expect(await t.store.db.selectFrom('uploads').selectAll().execute()).toEqual(uploads);
  });

  it('works through the rows in batches', async () => {
    t = await startApp({ env: RETENTION });
    await oldPayments();
    // A number each (ending 04: failed by webhook): one still waiting on its phone refuses a second prompt.
    for (let index = 0; index < 4; index++) await created(t, fixedCiPayment(`+2250700001${index}04`));
    await t.settle();
    await t.clock.advance(31 * DAY_MS);
    expect((await purge(t, { batchSize: 2 })).report).toMatchObject({ payments: 7, uploads: 1, webhooks: 6 });
    const rows = await paymentRows(t);
    expect(rows.filter((row) => row.purged_at !== null)).toHaveLength(7);
    expect(rows.filter((row) => row.purged_at === null).map((row) => row.status)).toEqual(['processing']);
  });

  it('a round stopped by shutdown purges nothing more; the next one finishes the work', async () => {
    t = await startApp({ env: RETENTION });
    await oldPayments();
    await t.clock.advance(31 * DAY_MS);
    expect((await purge(t, { signal: AbortSignal.abort() })).report).toMatchObject({
      ran: true,
      payments: 0,
    });
    expect((await purge(t)).report).toMatchObject({ ran: true, payments: 3, uploads: 1 });
  });

  it('a payment is kept the whole window after its last change, not after its creation', async () => {
    t = await startApp({ env: RETENTION });
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await t.clock.advance(29 * DAY_MS);
    // Still pending a month on: it expires when read, and that is its last change.
    expect((await get(t, reference, token)).json.data.status).toBe('expired');
    await t.clock.advance(2 * DAY_MS);
    expect((await purge(t)).report.payments).toBe(0);
    await t.clock.advance(29 * DAY_MS);
    expect((await purge(t)).report.payments).toBe(1);
  });

  it('without RETENTION_DAYS nothing is ever purged', async () => {
    t = await startApp();
    const old = await oldPayments();
    await t.clock.advance(3650 * DAY_MS);
    const rows = await paymentRows(t);
    const { report, logs } = await purge(t);
    expect(report).toEqual({
      ran: false,
      payments: 0,
      uploads: 0,
      sessions: 0,
      payouts: 0,
      recipients: 0,
      webhooks: 0,
      notifications: 0,
    });
    expect(logs).toEqual([]);
    expect(await paymentRows(t)).toEqual(rows);
    expect((await downloadUpload(t, old.uploadId)).status).toBe(200);
  });

  it('a webhook arriving after the purge is processed but its body is not kept', async () => {
    t = await startApp({ env: RETENTION });
    const old = await oldPayments();
    await t.clock.advance(31 * DAY_MS);
    await purge(t);
    const body = JSON.stringify({
      event: 'payment.completed',
      clientId: t.config.clientId,
      deliveryId: 'dlv_late_redelivery',
      data: {
        reference: old.success.reference,
        amount: 10_000,
        currency: 'XOF',
        provider: 'wave-sn',
        channel: 'mobile-money',
        status: 'success',
        charge: 100,
        paidAt: 1_795_341_600,
        user: { name: 'Moussa Diop', phoneNumber: '+221770000001' },
      },
    });
    const res = await t.request('POST', '/webhooks/payments', body, {
      'x-webhook-signature': signWebhook(body, t.config.clientSecret),
    });
    expect(res.json).toEqual({ statusCode: 200, data: { received: true, outcome: 'unchanged' } });
    expect(await webhookBodies(t, old.success.reference)).toEqual(['', '']);
    expect(await paymentRow(t, old.success.reference)).toMatchObject({ customer: '{}', fields: '{}' });
  });

  it('empties the bodies of webhooks for unknown references once they are older than the window', async () => {
    t = await startApp({ env: RETENTION });
    const stray = (reference: string) =>
      JSON.stringify({
        event: 'payment.completed',
        clientId: t.config.clientId,
        deliveryId: `dlv_${reference}`,
        data: {
          reference,
          amount: 500,
          currency: 'XOF',
          provider: 'mtn-ci',
          channel: 'mobile-money',
          status: 'success',
          charge: 5,
          paidAt: 1_795_341_600,
        },
      });
    const post = (body: string) =>
      t.request('POST', '/webhooks/payments', body, {
        'x-webhook-signature': signWebhook(body, t.config.clientSecret),
      });
    const older = `pay_${'a'.repeat(32)}`;
    const newer = `pay_${'b'.repeat(32)}`;
    expect((await post(stray(older))).json.data.outcome).toBe('unknown_payment');
    await t.clock.advance(20 * DAY_MS);
    await post(stray(newer));
    await t.clock.advance(11 * DAY_MS);
    expect((await purge(t)).report.webhooks).toBe(1);
    expect(await webhookBodies(t, older)).toEqual(['']);
    expect(await webhookBodies(t, newer)).toEqual([stray(newer)]);
  });

  it('an expired checkout session loses its customer and return URL after the window', async () => {
    t = await startApp({ env: RETENTION });
    const session = await t.request(
      'POST',
      '/api/v1/sessions',
      {
        amount: 250_000,
        currency: 'NGN',
        country: 'NG',
        reference: 'order-42',
        description: 'Two tickets',
        customer: { name: 'Ada Obi', email: 'ada@example.ng', phoneNumber: '+2348000000001' },
        returnUrl: `${SHOP}/orders/42?email=ada%40example.ng`,
        expiresIn: 3600,
      },
      MERCHANT,
    );
    expect(session.status).toBe(201);
    const row = () =>
      t.store.db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', session.json.data.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    await t.clock.advance(30 * DAY_MS); // expired 29 days and 23 hours ago
    expect((await purge(t)).report.sessions).toBe(0);
    await t.clock.advance(3_600_000 + 1);
    expect((await purge(t)).report.sessions).toBe(1);
    expect(await row()).toEqual({ ...before, customer: null, return_url: null, purged_at: t.clock.now() });
    expect((await purge(t)).report.sessions).toBe(0);
  });
});
