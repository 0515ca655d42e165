// The pay page's form sent twice with the same idempotency key but another amount (a back button, an
// edited form): a clear refusal as a page, never a second payment nor the API's JSON.
import { expect, it } from 'vitest';
import { formOf, hidden } from '../pay/helpers.ts';
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
  expect(second.status).toBe(422);
  expect(second.response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(second.text).toMatch(
    /<p class="alert" role="alert">A payment for this order is already under way\./,
  );
  // The same key again: sending the page once more can only be refused or replayed.
  expect(hidden(second.text, '_key')).toBe(hidden(form.text, '_key'));
  const payments = await pay.t.store.db.selectFrom('payments').select(['amount']).execute();
  expect(payments).toEqual([{ amount: 1000 }]);
});
