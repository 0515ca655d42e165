/** POST /api/v1/uploads (public, limited) and GET /api/v1/uploads/:id (merchant), and the hourly purge. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { purgeExpiredUploads } from '../../../server/uploads/service.ts';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const BEARER = { authorization: `Bearer ${TEST_MERCHANT_KEY}` };

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

async function upload(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type = 'image/png',
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  const res = await t.app.request('/api/v1/uploads', { method: 'POST', body: form, headers });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

describe('POST /api/v1/uploads', () => {
  it('stores a PNG for an hour and answers its id, name, size and type', async () => {
    const res = await upload(PNG, 'proof.png');
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      statusCode: 201,
      data: {
        id: expect.stringMatching(/^upl_[A-Za-z0-9_-]{22}$/),
        name: 'proof.png',
        size: PNG.byteLength,
        type: 'image/png',
      },
    });
    const row = await t.store.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', res.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(t.clock.now() + 3_600_000);
    expect(row.payment_reference).toBeNull();
  });

  it('takes the type from the bytes and gives the name the matching extension', async () => {
    expect((await upload(JPEG, 'photo.jpeg', 'image/jpeg')).json.data).toMatchObject({
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect((await upload(PDF, 'certificate.png', 'image/png')).json.data).toMatchObject({
      name: 'certificate.pdf',
      type: 'application/pdf',
    });
  });

  it('sanitises the file name', async () => {
    const names: [string, string][] = [
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\Users\\ada\\scan.png', 'scan.png'],
      ['evil"name<script>.png', 'evilnamescript.png'],
      ['report\u202egnp.exe', 'reportgnp.png'],
      ['.hidden', 'hidden.png'],
      ['...', 'upload.png'],
      ['   ', 'upload.png'],
      [`${'é'.repeat(150)}.png`, `${'é'.repeat(96)}.png`],
    ];
    for (const [given, stored] of names)
      expect((await upload(PNG, given)).json.data.name, given).toBe(stored);
  });

  it('refuses a .png that is really text with 415, whatever it declares', async () => {
    const res = await upload(
      new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      'fake.png',
      'image/png',
    );
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      statusCode: 415,
      error: {
        code: 'unsupported_media_type',
        message: 'Only PNG, JPEG and PDF files are accepted (checked from the content)',
      },
    });
    expect((await upload(new Uint8Array(0), 'empty.png')).json.error).toEqual({
      code: 'unsupported_media_type',
      message: 'The file is empty',
    });
  });

  it('refuses a 6 MB file with 413 and stores nothing', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG);
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
    expect(await t.store.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  });

  it('stops reading an oversized body before parsing it', async () => {
    // Not even valid multipart: only the size limit, applied first, can answer 413 here.
    const res = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      body: new Uint8Array(6 * 1024 * 1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toEqual({
      code: 'payload_too_large',
      message: 'The file is larger than 5 MB',
    });
  });

  it('accepts a file of exactly 5 MB', async () => {
    const limit = new Uint8Array(5 * 1024 * 1024);
    limit.set(PNG);
    expect((await upload(limit, 'limit.png')).status).toBe(201);
  });

  it('refuses a request without exactly one file field', async () => {
    const empty = await t.app.request('/api/v1/uploads', { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      statusCode: 400,
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        fields: [{ path: 'file', code: 'required', message: 'is required (a multipart file field)' }],
      },
    });
    const json = await t.request('POST', '/api/v1/uploads', { file: 'x' });
    expect(json.status).toBe(400);
    const two = new FormData();
    two.append('file', new File([PNG], 'a.png'));
    two.append('file', new File([PNG], 'b.png'));
    const twice = await t.app.request('/api/v1/uploads', { method: 'POST', body: two });
    expect((await twice.json()).error.fields).toEqual([
      { path: 'file', code: 'invalid', message: 'send exactly one file' },
    ]);
    const broken = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
  });

  it('allows 20 uploads an hour per IP, then 429 with Retry-After', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await upload(PNG, `p${i}.png`)).status).toBe(201);
      await t.clock.advance(60_000);
    }
    const refused = await upload(PNG, 'one-more.png');
    expect(refused.status).toBe(429);
    // The hour's end, then 3 minutes of the next hour for the 20 to weigh 19 (a sliding window).
    expect(refused.headers.get('retry-after')).toBe(String(3600 - 20 * 60 + 180));
    expect(refused.json.error).toEqual({
      code: 'rate_limited',
      message: 'Too many uploads from this network; try again later',
    });
    await t.clock.advance((3600 - 20 * 60 + 180) * 1000);
    expect((await upload(PNG, 'later.png')).status).toBe(201);
  });

  it('counts the quota per forwarded IP behind a trusted proxy', async () => {
    await t.close();
    t = await startApp({ env: { TRUST_PROXY: '2' } });
    for (let i = 0; i < 20; i += 1)
      await upload(PNG, 'a.png', 'image/png', { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' });
    expect((await upload(PNG, 'a.png', 'image/png', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await upload(PNG, 'b.png', 'image/png', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(201);
    const row = await t.store.db
      .selectFrom('uploads')
      .select('ip')
      .where('name', '=', 'b.png')
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('198.51.100.2');
  });
});

describe('GET /api/v1/uploads/:id', () => {
  it('gives the merchant the exact bytes as an attachment', async () => {
    const { id } = (await upload(PDF, 'Reçu n°1.pdf', 'application/pdf')).json.data;
    const res = await t.app.request(`/api/v1/uploads/${id}`, { headers: BEARER });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Re_u n_1.pdf"; filename*=UTF-8''Re%C3%A7u%20n%C2%B01.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers 401 without the merchant key, 404 for an unknown id, 400 for a malformed one', async () => {
    const { id } = (await upload(PNG, 'a.png')).json.data;
    const anonymous = await t.request('GET', `/api/v1/uploads/${id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('unauthorized');
    expect(
      (await t.request('GET', `/api/v1/uploads/${id}`, undefined, { authorization: 'Bearer wrong' })).status,
    ).toBe(401);
    expect(
      (await t.request('GET', '/api/v1/uploads/upl_unknown0000000000000', undefined, BEARER)).json.error,
    ).toEqual({
      code: 'not_found',
      message: 'Upload not found',
    });
    expect((await t.request('GET', '/api/v1/uploads/upl.x', undefined, BEARER)).status).toBe(400);
  });
});

describe('purgeExpiredUploads', () => {
  it('deletes uploads past their hour unless a payment uses them', async () => {
    const unused = (await upload(PNG, 'unused.png')).json.data.id;
    const used = (await upload(PNG, 'used.png')).json.data.id;
    await t.store.db
      .updateTable('uploads')
      .set({ payment_reference: 'pay_1', expires_at: null })
      .where('id', '=', used)
      .execute();

    await t.clock.advance(3_599_999);
    expect(await purgeExpiredUploads(t)).toBe(0);
    await t.clock.advance(1);
    // Past its hour, an unused upload is gone for the merchant even before the purge runs.
    expect((await t.request('GET', `/api/v1/uploads/${unused}`, undefined, BEARER)).status).toBe(404);
    expect(await purgeExpiredUploads(t)).toBe(1);
    const left = await t.store.db.selectFrom('uploads').select('id').execute();
    expect(left).toEqual([{ id: used }]);
    expect((await t.request('GET', `/api/v1/uploads/${used}`, undefined, BEARER)).status).toBe(200);
  });
});
