/**
 * GET /api/v1/payments for the merchant: our payments with their custom-field answers and uploads,
 * filtered by status and dates, paged by the provider's list rules, behind the merchant key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const merchant = { authorization: `Bearer ${TEST_MERCHANT_KEY}` };
const list = (query = '') => t.request('GET', `/api/v1/payments${query}`, undefined, merchant);

async function upload(): Promise<string> {
  const form = new FormData();
  form.set(
    'file',
    new File([new TextEncoder().encode('%PDF-1.4\n% certificate\n')], 'certificat.pdf', {
      type: 'application/pdf',
    }),
  );
  const res = await t.app.request('/api/v1/uploads', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe('merchant payment list', () => {
  it('lists payments newest first with answers, uploads and what they paid for', async () => {
    const uploadId = await upload();
    const marathon = await created(t, {
      link: 'lnk_all_fields_sn',
      customer: { name: 'Moussa Diop', email: 'moussa@example.sn' },
      fields: {
        bib_name: 'MOUSSA',
        tshirt_size: 'L',
        birth_date: '1990-04-12',
        medical_certificate: uploadId,
        accept_rules: true,
      },
      method: { kind: 'direct', provider: 'wave-sn', phoneNumber: '+221770000001' },
    });
    await t.clock.advance(1000);
    const subscription = await created(t, fixedCiPayment('+2250700000000'));

    const res = await list();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ statusCode: 200, total: 2, page: 1, pages: 1, limit: 4 });
    expect(res.json.data.map((item: { reference: string }) => item.reference)).toEqual([
      subscription.reference,
      marathon.reference,
    ]);
    expect(res.json.data[1]).toMatchObject({
      reference: marathon.reference,
      status: 'processing',
      amount: 10_000,
      currency: 'XOF',
      createdAt: '2026-11-22T10:00:00.000Z',
      method: 'direct',
      provider: 'wave-sn',
      link: 'lnk_all_fields_sn',
      customer: { name: 'Moussa Diop', email: 'moussa@example.sn', phoneNumber: '+221770000001' },
      fields: {
        bib_name: 'MOUSSA',
        tshirt_size: 'L',
        birth_date: '1990-04-12',
        medical_certificate: uploadId,
        accept_rules: true,
      },
      uploads: [
        {
          field: 'medical_certificate',
          id: uploadId,
          name: 'certificat.pdf',
          size: 23,
          type: 'application/pdf',
        },
      ],
    });
    // Used by a payment, the upload is kept.
    const kept = await t.store.db
      .selectFrom('uploads')
      .select(['payment_reference', 'expires_at'])
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ payment_reference: marathon.reference, expires_at: null });
  });

  it('filters by status and date, and pages', async () => {
    await created(t, fixedCiPayment('+2250700000001'));
    await created(t, fixedCiPayment('+2250700000000'));
    await t.settle();
    expect((await list('?status=success')).json).toMatchObject({
      total: 1,
      data: [{ status: 'success', paidAt: '2026-11-22T10:00:00.000Z' }],
    });
    expect((await list('?dateFrom=2026-11-22&dateTo=2026-11-22')).json.total).toBe(2);
    expect((await list('?dateTo=2026-11-21')).json).toMatchObject({ total: 0, pages: 0, data: [] });
    expect((await list('?limit=1&page=2')).json).toMatchObject({ total: 2, page: 2, pages: 2, limit: 1 });
    expect((await list('?page=3&limit=1')).json).toMatchObject({ total: 2, data: [] });
  });

  it.each([
    ['?status=paid', 'status'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?page=0', 'page'],
    ['?page=1.5', 'page'],
    ['?dateFrom=2026-02-30', 'dateFrom'],
    ['?dateFrom=2026-11-23&dateTo=2026-11-22', 'dateTo'],
    ['?colour=red', ''],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields.map((field: { path: string }) => field.path)).toContain(path);
  });

  it('needs the merchant key', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-key-0123456789' },
      { authorization: TEST_MERCHANT_KEY },
    ];
    for (const headers of attempts) {
      const res = await t.request('GET', '/api/v1/payments', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
  });
});
