/**
 * The upload quota (`upload`, 20 an hour per IP) is taken atomically before a byte is read: concurrent
 * uploads cannot all slip under it, and a refused body (too large, not a file we take) spends its place.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const PNG: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function upload(bytes: Uint8Array<ArrayBuffer>, name = 'proof.png') {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return t.app.request('/api/v1/uploads', { method: 'POST', body: form });
}

async function storedUploads(): Promise<number> {
  const rows = await t.store.db.selectFrom('uploads').select('id').execute();
  return rows.length;
}

it('40 concurrent uploads from one IP: exactly the quota is stored, the rest get 429', async () => {
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(PNG, `p${i}.png`)));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(20).fill(201), ...Array(20).fill(429)]);
  expect(await storedUploads()).toBe(20);
});

it('refused bodies count: 10 of the wrong type and 10 too large leave no room for an eleventh try', async () => {
  for (let i = 0; i < 10; i++) expect((await upload(new TextEncoder().encode('MZ not an image'))).status).toBe(415);
  for (let i = 0; i < 10; i++) {
    const res = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(64 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  }
  const refused = await upload(PNG);
  expect(refused.status).toBe(429);
  expect((await refused.json()).error.code).toBe('rate_limited');
  expect(await storedUploads()).toBe(0);
});
