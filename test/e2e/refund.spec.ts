// A flagged payment in the merchant console at 320 px: its flag in words, "Send back" by keyboard, the
// confirmation naming the amount and the masked number, and the refund payout followed to its final
// status, announced.
import { expect, test } from '@playwright/test';
import { api, FINAL, flagPayment, logInToConsole, paidPayment, shot } from './helpers.ts';

test('a flagged payment is sent back from the console: confirm, then its refund status', async ({ page }) => {
  const reference = await paidPayment(page, '+2250700000101');
  flagPayment(reference);

  await page.setViewportSize({ width: 320, height: 740 });
  await logInToConsole(page);

  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Paid twice: a second payment for a checkout already paid');
  const sendBack = row.getByRole('button', { name: `Send back ${reference}` });
  await sendBack.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText(/^Send .*15,000 back to \*\*\*\*0101 \(mtn-ci\)\?$/)).toBeVisible();
  const confirm = row.getByRole('button', { name: 'Confirm send back' });
  await expect(confirm).toBeFocused();
  await shot(page, 'console-refund-confirm-320');
  await page.keyboard.press('Enter');

  await expect(row).toContainText(/Refund po_[0-9a-f]{32}: (being sent back|sent back)\./);
  await expect(page.getByRole('status')).toContainText(/Refund po_[0-9a-f]{32}: sent back\./, FINAL);
  await expect(row).not.toContainText('Send back');
  expect(
    await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)),
  ).toBeLessThanOrEqual(320);
  await shot(page, 'console-refund-sent-320');

  // Recorded both ways: the payment names its refund, the payout the payment it refunds.
  const payments = await page.request.get(`${api()}/api/v1/payments?limit=100`);
  const listed = ((await payments.json()) as { data: { reference: string; refund?: { payout: string } }[] })
    .data;
  const refund = listed.find((item) => item.reference === reference)?.refund;
  expect(refund).toMatchObject({ status: 'success' });
  const payout = await page.request.get(`${api()}/api/v1/payouts/${refund?.payout ?? ''}`);
  expect(((await payout.json()) as { data: { refundOf?: string } }).data.refundOf).toBe(reference);
});
