// Amounts the payer chooses: the link's bounds, checked by the widget before any request, and a link's
// amountLimit, which the server enforces on what is left to collect.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  FINAL,
  api,
  heading,
  merchant,
  payButton,
  recordApiRequests,
  setSandboxStatus,
  shot,
} from './helpers.ts';

/** Opens a payer-amount link on the merchant page. */
async function openLink(page: Page, link: string) {
  await page.goto(merchant(link));
  await expect(payButton(page)).toBeVisible();
}

/** Types an amount and a phone number, and presses Pay. */
async function payAmount(page: Page, currency: string, amount: string, phone: string) {
  await page.getByLabel(`Amount (${currency})`).fill(amount);
  await page.getByLabel('Phone number').fill(phone);
  await payButton(page).click();
}

/** A pattern for `text` anywhere, whatever the spaces (money is formatted with no-break spaces). */
const loosely = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

/** The amount input is marked invalid, focused, and names its problem in its accessible description. */
async function expectAmountRefused(page: Page, currency: string, message: string) {
  const input = page.getByLabel(`Amount (${currency})`);
  await expect(page.getByText(message)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(loosely(message));
  await expect(input).toBeFocused();
}

/** What a link can still collect, minor units (undefined while the link is unavailable, e.g. exhausted). */
async function remaining(page: Page, link: string): Promise<number | undefined> {
  const response = await page.request.get(`${api()}/api/v1/links/${link}`);
  if (!response.ok()) return undefined;
  return ((await response.json()) as { data: { amount: { remaining?: number } } }).data.amount.remaining;
}

/** Creates a direct charge on a link through our API, as another payer's browser would. */
async function createPayment(page: Page, link: string, amount: number, phoneNumber: string) {
  const config = await page.request.get(`${api()}/api/v1/links/${link}`);
  const { methods } = ((await config.json()) as { data: { methods: { provider: string }[] } }).data;
  return page.request.post(`${api()}/api/v1/payments`, {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      link,
      amount,
      customer: {},
      fields: {},
      method: { kind: 'direct', provider: methods[0]!.provider, phoneNumber },
    },
  });
}

test('an amount below the minimum and above the maximum: the widget says so, sends nothing', async ({
  page,
}) => {
  await openLink(page, 'lnk_donation_ng');
  await expect(page.getByText(loosely('Between NGN 1,000.00 and NGN 500,000.00'))).toBeVisible();
  const sent = recordApiRequests(page, /\/payments/);

  await payAmount(page, 'NGN', '999.99', '+2348030000000');
  await expectAmountRefused(page, 'NGN', 'The minimum is NGN 1,000.00.');
  await shot(page, 'below');

  await payAmount(page, 'NGN', '500000.01', '+2348030000000');
  await expectAmountRefused(page, 'NGN', 'The maximum is NGN 500,000.00.');
  await shot(page, 'above');
  expect(sent.map((request) => request.url())).toEqual([]);
});

test('an exhausted amountLimit: the remaining amount shown, more refused', async ({ page }) => {
  await openLink(page, 'lnk_limited_ke');
  await expect(page.getByText(loosely('KES 150.00 left to collect'))).toBeVisible();
  await shot(page, 'form');
  const sent = recordApiRequests(page, /\/payments/);
  await payAmount(page, 'KES', '200.00', '+254700000000');
  // The form knows what is left (config.amount.remaining), so the widget refuses 200.00 itself.
  await expectAmountRefused(page, 'KES', 'The maximum is KES 150.00.');
  await shot(page, 'refused-by-widget');
  expect(sent).toEqual([]);

  // The server refuses the same 200.00 with its own message, naming what is left.
  const direct = await createPayment(page, 'lnk_limited_ke', 20_000, '+254700000000');
  expect(direct.status()).toBe(422);
  expect(await direct.text()).toContain(
    'must be at most KES 150.00: that is all this link can still collect',
  );

  // Another payer's 100.00 is in flight while this form is open (03: it stays processing), so only 50.00
  // is left: the form still allows 120.00, and the server's answer reaches the form.
  const other = await createPayment(page, 'lnk_limited_ke', 10_000, '+254700000003');
  expect(other.status()).toBe(201);
  await payAmount(page, 'KES', '120.00', '+254700000000');
  await expectAmountRefused(
    page,
    'KES',
    'must be at most KES 50.00: that is all this link can still collect',
  );
  await expect(page.getByRole('status')).toHaveText('Please correct the highlighted fields.');
  await expect(heading(page, /Harambee/)).toBeVisible();
  await shot(page, 'refused-by-server');

  // The other payment fails: its 100.00 is free again, and the link back as it was for a rerun.
  const { reference } = ((await other.json()) as { data: { payment: { reference: string } } }).data.payment;
  await setSandboxStatus(page, reference, 'failed');
  await expect.poll(() => remaining(page, 'lnk_limited_ke'), FINAL).toBe(15_000);
});
