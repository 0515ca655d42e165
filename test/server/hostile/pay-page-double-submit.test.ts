// The pay page's form sent twice with the same idempotency key but another amount (a back button, an
// edited form): other answers are another attempt, under the browser's next key, but to the same phone
// still waiting on the first: a clear refusal as a page, never a second payment nor the API's JSON.
import { expect, it } from 'vitest';
import { formOf } from '../pay/helpers.ts';
import { payPageFixture } from '../pay/page-fixture.ts';

const pay = payPageFixture();

it('refuses the same form sent again with another amount, as a page, with one payment made', async () => {
  const form = await pay.browser.get('/pay/lnk_tip_ci?lang=en');
  const answers = (amount: string) =>
    formOf(form.text, {
      amount,
      'customer.name': 'Awa Koné',
      'customer.email': 'awa@example.com',
      'method.phoneNumber': '+2250700000003',
      'method.provider': 'mtn-ci',
    });
  const first = await pay.browser.post('/pay/lnk_tip_ci?lang=en', answers('1000'));
  expect(first.status).toBe(303);
  const second = await pay.browser.post('/pay/lnk_tip_ci?lang=en', answers('2000'));
  expect(second.status).toBe(409);
  expect(second.response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(second.text).toMatch(
    /<p class="alert" role="alert">A payment from this number is already waiting on your phone/,
  );
  // The first answers sent again still lead to the first payment, under the form's own key.
  const again = await pay.browser.post('/pay/lnk_tip_ci?lang=en', answers('1000'));
  expect(again.status).toBe(303);
  expect(again.location).toBe(first.location);
  const payments = await pay.t.store.db.selectFrom('payments').select(['amount']).execute();
  expect(payments).toEqual([{ amount: 1000 }]);
});
