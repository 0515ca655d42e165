/**
 * Idempotency of POST /api/v1/payouts (scope `payouts`): the same key and body replay
 * the stored answer byte for byte with one provider disbursement; another body is 422; a key is required.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MERCHANT_CLIENT, storageKeyOf } from '../../../server/idempotency/keys.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { requestPayout, validatedRecipient } from './helpers.ts';

let t: AppFixture;
afterEach(() => {
  vi.restoreAllMocks();
  return t.close();
});

const disbursements = async () =>
  (await t.store.db.selectFrom('sandbox_disbursements').select('id').execute()).length;

describe('payout idempotency', () => {
  it('the same key and body replay the first answer byte for byte, with one disbursement', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const create = vi.spyOn(t.provider, 'createDisbursement');
    const body = { transferRecipientId: recipient, amount: 7_000, narration: 'Weekly payout' };
    const first = await requestPayout(t, body, 'payout-key-1');
    expect(first.status).toBe(201);
    await t.settle(); // the payout moves on; the replay still answers what the first request answered
    // Key order and spacing do not make another request.
    const again = await requestPayout(
      t,
      JSON.stringify({ narration: 'Weekly payout', amount: 7_000, transferRecipientId: recipient }, null, 2),
      'payout-key-1',
    );
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(create).toHaveBeenCalledTimes(1);
    expect(await disbursements()).toBe(1);
    expect((await t.store.db.selectFrom('payouts').select('reference').execute()).length).toBe(1);
    const key = await t.store.db
      .selectFrom('idempotency_keys')
      .select(['key', 'state'])
      .executeTakeFirstOrThrow();
    expect(key).toEqual({ key: storageKeyOf('payouts', MERCHANT_CLIENT, 'payout-key-1'), state: 'done' });
  });

  it('another body under the same key is 422 idempotency_conflict and pays nothing', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    expect((await requestPayout(t, { transferRecipientId: recipient, amount: 7_000 }, 'k')).status).toBe(201);
    const other = await requestPayout(t, { transferRecipientId: recipient, amount: 7_001 }, 'k');
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('idempotency_conflict');
    expect(await disbursements()).toBe(1);
  });

  it('a kept refusal (InsufficientBalance) is replayed too, without asking the provider again', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const create = vi.spyOn(t.provider, 'createDisbursement');
    const body = { transferRecipientId: recipient, amount: 9_000_000 };
    const first = await requestPayout(t, body, 'big');
    expect(first.status).toBe(400);
    const again = await requestPayout(t, body, 'big');
    expect(again.text).toBe(first.text);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('keys of payments and payouts never meet', async () => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    await t.store.db
      .insertInto('idempotency_keys')
      .values({
        key: storageKeyOf('payments', MERCHANT_CLIENT, 'shared'),
        request_hash: 'x',
        state: 'done',
        response_status: 201,
        response_body: '{}',
        created_at: t.clock.now(),
        expires_at: t.clock.now() + 1e6,
      })
      .execute();
    const res = await requestPayout(t, { transferRecipientId: recipient, amount: 1_000 }, 'shared');
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not printable ASCII', 'clé-é'],
    ['too long', 'k'.repeat(256)],
  ])('an Idempotency-Key that is %s is 400 naming the header', async (_case, key) => {
    t = await startApp();
    const recipient = await validatedRecipient(t);
    const headers: Record<string, string> = { authorization: `Bearer ${t.config.merchantApiKey}` };
    if (key !== undefined) headers['Idempotency-Key'] = key;
    const res = await t.request(
      'POST',
      '/api/v1/payouts',
      { transferRecipientId: recipient, amount: 1_000 },
      headers,
    );
    expect(res.status).toBe(400);
    expect(res.json.error.fields[0].path).toBe('Idempotency-Key');
    expect(await disbursements()).toBe(0);
  });
});
