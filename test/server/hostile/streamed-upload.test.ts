/**
 * A pay page's file was parsed whole before its size was looked at: the multipart body (up to the
 * upload's 5 MB plus the envelope) read and held, with its copies, and only then the file refused as too
 * large. It is now read as it arrives: past the upload's size the server stops reading, answers the form
 * again with the file field's own error, and has read no more than the size and a chunk.
 */
import { expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../server/uploads/service.ts';
import { formToken } from '../pay/helpers.ts';
import { payPageFixture } from '../pay/page-fixture.ts';

const pay = payPageFixture();
const LINK = 'lnk_all_fields_sn';
const FIELD = 'fields.medical_certificate';
const CHUNK = 16 * 1024;
const BOUNDARY = '----hostile7c1d';
const UTF8 = new TextEncoder();

/**
 * A multipart form whose file part holds `fileBytes` bytes, produced only as the server reads it, a
 * chunk at a time (a slow client). With `holdAfter`, the client stops sending after that many file
 * bytes and waits, until `finish()`, before sending the rest: the server's answer coming first says it
 * did not wait for the rest.
 */
function slowForm(key: string, fileBytes: number, { holdAfter }: { holdAfter?: number } = {}) {
  const head = UTF8.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_key"\r\n\r\n${key}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${FIELD}"; filename="scan.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
  const tail = UTF8.encode(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.byteLength + fileBytes + tail.byteLength;
  let pulled = 0;
  let sentFile = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: Uint8Array;
        if (pulled === 0) chunk = head;
        else if (sentFile < fileBytes) {
          if (holdAfter !== undefined && sentFile >= holdAfter) await finished;
          chunk = new Uint8Array(Math.min(CHUNK, fileBytes - sentFile)).fill(0x41);
          sentFile += chunk.byteLength;
        } else if (pulled < total) chunk = tail;
        else return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, total, pulled: () => pulled, finish: () => finish() };
}

/** The link's form as the payer's browser opens it: its idempotency key and where it posts. */
async function openForm() {
  const form = await pay.browser.get(`/pay/${LINK}?lang=en`);
  const key = /name="_key" value="([^"]+)"/.exec(form.text)?.[1] ?? '';
  return { key, action: `/pay/${LINK}?lang=en&_csrf=${formToken(form.text)}` };
}

function post(action: string, body: ReadableStream<Uint8Array>, length?: number) {
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (length !== undefined) headers['content-length'] = String(length);
  return pay.browser.request(action, { method: 'POST', body, duplex: 'half' } as RequestInit, headers);
}

/** The form drawn again with the file field's own error beside it, and nothing stored. */
async function expectFileRefused(answer: { status: number; text: string }) {
  expect(answer.status).toBe(400);
  expect(answer.text).toContain(`<p class="error" id="${FIELD}-error">Check this value.</p>`);
  expect(await pay.t.store.db.selectFrom('uploads').select('id').execute()).toEqual([]);
}

it('stops reading a file past the upload size, though the body it declared is within the limit', async () => {
  // 5 MB and 48 kB of file: the declared body fits the form's limit (5 MB and 64 kB), the file does not.
  const fileBytes = MAX_UPLOAD_BYTES + 48 * 1024;
  const { key, action } = await openForm();
  const form = slowForm(key, fileBytes);
  await expectFileRefused(await post(action, form.stream, form.total));
  // The head, then the file up to the chunk that takes it past the size: 32 kB of it never read.
  expect(form.total - form.pulled()).toBeGreaterThanOrEqual(fileBytes - MAX_UPLOAD_BYTES - CHUNK);
});

it('answers a slow 20 MB file sent chunked once it passes the size, while the client is still sending', async () => {
  const { key, action } = await openForm();
  const form = slowForm(key, 20 * 1024 * 1024, { holdAfter: MAX_UPLOAD_BYTES + 4 * CHUNK });
  // The client has not finished (it waits for `finish`, below): the answer came without the rest.
  await expectFileRefused(await post(action, form.stream));
  // What the server read, and so at most what it held: the size and a chunk, not the 20 MB.
  expect(form.pulled()).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * CHUNK);
  form.finish();
});

it('still takes a file within the size, streamed the same way', async () => {
  const { key, action } = await openForm();
  const form = slowForm(key, MAX_UPLOAD_BYTES - 16);
  const page = await post(action, form.stream, form.total);
  // The rest of the form is missing (a required checkbox, the payer's name): refused for those, the
  // file kept for the next post.
  expect(page.status).toBe(400);
  expect(page.text).not.toContain(`id="${FIELD}-error"`);
  expect(form.pulled()).toBe(form.total);
  const [stored] = await pay.t.store.db.selectFrom('uploads').select(['name', 'size']).execute();
  expect(stored).toEqual({ name: 'scan.pdf', size: MAX_UPLOAD_BYTES - 16 + '%PDF-1.7\n'.length });
});
