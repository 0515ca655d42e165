// The pay page's code form attacked: a body that is no form, and the flood of wrong codes the API caps.
import { expect, it } from 'vitest';
import { hidden } from '../pay/helpers.ts';
import { payPageFixture, postFixedLink } from '../pay/page-fixture.ts';

const pay = payPageFixture();

/** A payment waiting for its SMS code: the code form's action and CSRF token. */
async function codePage() {
  const created = await postFixedLink(pay.browser, '+2250700000011');
  const code = await pay.browser.get(created.location!);
  expect(code.text).toMatch(/Enter your code/);
  const confirm = /action="([^"]+\/confirm[^"]*)"/.exec(code.text)![1]!.replace(/&amp;/g, '&');
  return { confirm, csrf: hidden(code.text, '_csrf'), page: created.location! };
}

it('answers a malformed multipart body with the code page again, not a 500', async () => {
  const { confirm } = await codePage();
  const { status, text, response } = await pay.browser.request(
    confirm,
    { method: 'POST', body: '%%%' },
    { 'content-type': 'multipart/form-data; boundary=zz' },
  );
  expect(status).toBe(422);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(text).toMatch(/id="otp-error">Something went wrong/);
});

it('fails the payment on the fifth wrong code and takes the payer to its receipt', async () => {
  const { confirm, csrf, page } = await codePage();
  for (let attempt = 1; attempt <= 4; attempt++) {
    const wrong = await pay.browser.post(
      confirm,
      new URLSearchParams({ _csrf: csrf, otp: `10000${attempt}` }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain(`Tries left: ${5 - attempt}`);
  }
  const last = await pay.browser.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '100005' }));
  expect(last.status).toBe(303);
  expect(last.location).toBe(page);
  const receipt = await pay.browser.get(last.location!);
  expect(receipt.status).toBe(303);
  expect(receipt.location).toMatch(/^\/pay\/receipt\//);
  // The right code afterwards changes nothing.
  await pay.browser.post(confirm, new URLSearchParams({ _csrf: csrf, otp: '123456' }));
  const { status } = await pay.t.store.db.selectFrom('payments').select('status').executeTakeFirstOrThrow();
  expect(status).toBe('failed');
});
