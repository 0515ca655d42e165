/**
 * What a post to a pay page can cost with no login: every POST under /pay/* took the 5 MB upload limit,
 * the whole body was read and parsed before the form's token was checked, and the refusal drew the
 * posted answers back (a 3 MB post, a 3 MB page), with nothing bounding how many bodies were read at once.
 * Now: the token (in the form's action URL) and its cookie are checked before a byte is read; a form's
 * limit is its own (a payment's JSON size without a file field, a handoff's for "Pay on your phone", the
 * upload's only where the checkout has a file field); a refusal draws each answer back cut to its
 * input's maxlength and nothing else; and bodies read at once are capped server-wide (503 + Retry-After).
 */
import { expect, it } from 'vitest';
import { formToken } from '../pay/helpers.ts';
import { payPageFixture } from '../pay/page-fixture.ts';

const pay = payPageFixture();
const MB = 1024 * 1024;

/** A body of `total` bytes that is only produced as it is read: `pulled()` says how much was read. */
function countedBody(total: number, { holdAfter }: { holdAfter?: number } = {}) {
  let pulled = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (holdAfter !== undefined && pulled >= holdAfter) {
          await held;
          controller.close();
          return;
        }
        if (pulled >= total) return controller.close();
        const size = Math.min(64 * 1024, total - pulled);
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, release: () => release() };
}

/** Posts `body` to `path` from the fixture's browser (its cookies), declaring `length` bytes of multipart. */
function postStream(path: string, body: ReadableStream<Uint8Array>, length: number) {
  return pay.browser.request(path, { method: 'POST', body, duplex: 'half' } as RequestInit, {
    'content-type': 'multipart/form-data; boundary=x',
    'content-length': String(length),
  });
}

it('refuses a 3 MB post without the form token before reading it, with a page no larger than the form', async () => {
  const form = await pay.browser.get('/pay/lnk_fixed_ci?lang=en');
  for (const path of ['/pay/lnk_fixed_ci?lang=en', '/pay/lnk_fixed_ci?lang=en&_csrf=forged']) {
    const body = countedBody(3 * MB);
    const refused = await postStream(path, body.stream, 3 * MB);
    expect(refused.status).toBe(403);
    expect(body.pulled()).toBe(0);
    expect(refused.text.length).toBeLessThan(form.text.length + 200);
  }
  // No cookie at all (an anonymous client): the same, for the phone's page (not this client's: 409, the
  // code was used) and "Pay on your phone" too.
  pay.browser.cookies.clear();
  const handoff = await pay.t.request('POST', '/api/v1/handoffs', { link: 'lnk_fixed_ci' });
  for (const [path, status] of [
    [`/pay/lnk_fixed_ci?lang=en&_csrf=${formToken(form.text)}`, 403],
    [`/pay/h/${handoff.json.data.id}?lang=en`, 409],
    ['/pay/lnk_fixed_ci/phone?lang=en', 403],
  ] as const) {
    const body = countedBody(3 * MB);
    expect((await postStream(path, body.stream, 3 * MB)).status).toBe(status);
    expect(body.pulled()).toBe(0);
  }
});

it('draws a refused form again with each answer cut to its maxlength and nothing it did not draw', async () => {
  const form = await pay.browser.get('/pay/lnk_fixed_ci?lang=en');
  const posted = new FormData();
  posted.set('_key', '0b0e7b0c-7d6f-4b3c-9a51-3d5a3f5b8e21');
  posted.set('customer.name', 'N'.repeat(300_000));
  posted.set('customer.email', 'awa@example.com');
  posted.set('fields.subscriber_id', 'S'.repeat(300_000));
  posted.set('smuggled', 'Z'.repeat(300_000));
  const refused = await pay.browser.post(`/pay/lnk_fixed_ci?lang=en&_csrf=${formToken(form.text)}`, posted);
  expect(refused.status).toBe(400);
  expect(refused.text).toMatch(/name="customer\.name"\s+value="N{200}"/);
  expect(refused.text).toMatch(/name="fields\.subscriber_id"\s+value="S{500}"/);
  expect(refused.text).not.toContain('ZZZZ');
  expect(refused.text.length).toBeLessThan(form.text.length + 2_000);
});

it("takes a payment form's JSON size (1 MB) without a file field, a handoff's (64 kB) for the phone", async () => {
  const form = await pay.browser.get('/pay/lnk_fixed_ci?lang=en');
  const token = formToken(form.text);
  const payment = countedBody(2 * MB);
  const tooLarge = await postStream(`/pay/lnk_fixed_ci?lang=en&_csrf=${token}`, payment.stream, 2 * MB);
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(payment.pulled()).toBe(0);
  const handoff = countedBody(100 * 1024);
  const phone = await postStream(
    `/pay/lnk_fixed_ci/phone?lang=en&_csrf=${token}`,
    handoff.stream,
    100 * 1024,
  );
  expect(phone.status).toBe(413);
  expect(handoff.pulled()).toBe(0);
});

it('takes the upload size where the checkout has a file field', async () => {
  const form = await pay.browser.get('/pay/lnk_all_fields_sn?lang=en');
  const body = countedBody(3 * MB);
  const read = await postStream(
    `/pay/lnk_all_fields_sn?lang=en&_csrf=${formToken(form.text)}`,
    body.stream,
    3 * MB,
  );
  // Read whole (it is no multipart at all): a form to post again, not a 413.
  expect(read.status).toBe(400);
  expect(body.pulled()).toBe(3 * MB);
});

it('caps the bodies read at once server-wide: 503 with Retry-After, a page for the payer, JSON for the API', async () => {
  await pay.restart({ env: { MAX_BODY_MEMORY_MB: '6' } });
  const form = await pay.browser.get('/pay/lnk_all_fields_sn?lang=en');
  const action = `/pay/lnk_all_fields_sn?lang=en&_csrf=${formToken(form.text)}`;
  // One upload of 5 MB under way, its client slow: it holds 5 MB of the 6.
  const slow = countedBody(5 * MB, { holdAfter: 64 * 1024 });
  const first = postStream(action, slow.stream, 5 * MB);
  await expect.poll(slow.pulled).toBeGreaterThan(0);

  const page = await postStream(action, countedBody(2 * MB).stream, 2 * MB);
  expect(page.status).toBe(503);
  expect(page.response.headers.get('retry-after')).toBe('1');
  expect(page.response.headers.get('content-type')).toMatch(/^text\/html/);
  const api = await pay.t.app.request('/api/v1/uploads', {
    method: 'POST',
    body: countedBody(2 * MB).stream,
    duplex: 'half',
    headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(2 * MB) },
  } as RequestInit);
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('1');
  expect(await api.json()).toEqual({
    statusCode: 503,
    error: {
      code: 'server_busy',
      message: 'The server is reading too many request bodies at once; try again in a moment',
    },
  });

  // The slow one ends (cut short: a form to post again); its bytes are given back.
  slow.release();
  expect((await first).status).toBe(400);
  const after = countedBody(2 * MB);
  expect((await postStream(action, after.stream, 2 * MB)).status).toBe(400);
  expect(after.pulled()).toBe(2 * MB);
});
