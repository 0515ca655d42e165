// The pay page with JavaScript off: a payer pays through /pay/<link> to the receipt's address, step by
// step as pages. The receipt page is its own piece; here, the address is checked and the payment's
// status read from the provider (the sandbox).
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import SqliteDatabase from 'better-sqlite3';
import { api, heading, sandboxStatus, setSandboxStatus, shot } from './helpers.ts';
import { fillFixed, formPayButton, pay, receiptReference, untilReceipt } from './pay-page-steps.ts';

test.use({ javaScriptEnabled: false });

test('OTP: a wrong code, then the right one, to the receipt', async ({ page }) => {
  await fillFixed(page, '+225 07 00 00 00 00');
  await pay(page);
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await shot(page, 'otp');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Wrong code.')).toBeVisible();
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  // "Confirming your payment" (never "approve on your phone"), then its own refresh reaches the receipt.
  const reference = await receiptReference(page);
  expect(await sandboxStatus(page, reference)).toBe('success');
});

test('pre-otp: the USSD code as a tel: link, the customer code, the receipt', async ({ page }) => {
  await fillFixed(page, '+2250700000007');
  await pay(page);
  await expect(heading(page, 'Get your code')).toBeVisible();
  await expect(page.locator('a[href^="tel:"]')).toBeVisible();
  await page.getByLabel('Customer code').fill('654321');
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect(await sandboxStatus(page, await receiptReference(page))).toBe('success');
});

test('approve on the phone: "Check again" until the receipt', async ({ page }) => {
  await fillFixed(page, '+2250700000001');
  await pay(page);
  await expect(heading(page, 'Approve on your phone')).toBeVisible();
  await shot(page, 'approve');
  await untilReceipt(page);
  expect(await sandboxStatus(page, await receiptReference(page))).toBe('success');
});

test("the provider's page (08): approve, and back to the receipt", async ({ page }) => {
  await fillFixed(page, '+2250700000008');
  await pay(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  expect(await sandboxStatus(page, await untilReceipt(page))).toBe('success');
});

test("the provider's page (08): cancel, back to a failed payment's receipt", async ({ page }) => {
  await fillFixed(page, '+2250700000008');
  await pay(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  // A direct charge has no cancel address: the payer comes back to our page, which waits for verify.
  expect(await sandboxStatus(page, await untilReceipt(page))).toBe('failed');
});

test('bank transfer: the details, then the receipt once paid', async ({ page }) => {
  await fillFixed(page, '+2250700000009');
  await pay(page);
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^Account number$/ })).toBeVisible();
  const reference = (await page.getByRole('definition').last().textContent())!.trim();
  await setSandboxStatus(page, reference, 'success');
  // The provider's word reaches us by webhook or by the next verify: "Check again" until then.
  expect(await untilReceipt(page)).toBe(reference);
});

test('a refused field comes back in French, answers kept, error beside it', async ({ page }) => {
  await fillFixed(page, '+2250700000000', 'fr');
  await page.getByLabel(/^E-mail|^Email/).fill('awa@');
  await pay(page);
  const email = page.getByLabel(/^E-mail|^Email/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/adresse e-mail valide/)).toBeVisible();
  await expect(page.getByLabel('Numéro d’abonné')).toHaveValue('AB-1234');
  await shot(page, 'refused-fr');
});

test('Swahili: the link in its own language, paid to the receipt', async ({ page }) => {
  await page.goto(`${api()}/pay/lnk_swahili_ke`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await page.getByLabel('Jina la mwanafunzi').fill('Amani');
  await page.locator('[name="customer.name"]').fill('Amani Otieno');
  await page.locator('[name="customer.email"]').fill('amani@example.com');
  await page.locator('[name="method.phoneNumber"]').fill('+254700000001');
  await pay(page);
  await untilReceipt(page);
});

test('a file-upload field: the file goes with the form', async ({ page }) => {
  await page.goto(`${api()}/pay/lnk_all_fields_sn?lang=en`);
  await page.getByLabel('Nom sur le dossard').fill('Awa');
  await page.getByLabel('Taille du t-shirt').selectOption('M');
  await page.getByLabel('Date de naissance').fill('1990-01-02');
  await page.getByLabel('Certificat médical (PDF ou image)').setInputFiles({
    name: 'certificat.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%test\n'),
  });
  await page.getByLabel("J'accepte le règlement de la course").check();
  await page.getByLabel('Full name').fill('Awa Koné');
  await page.getByLabel('Email').fill('awa@example.com');
  await page.getByLabel('Phone number').fill('+221770000001');
  await pay(page);
  await untilReceipt(page);
});

test('a double submit pays once', async ({ page }) => {
  await fillFixed(page, '+2250700000001');
  await page.getByLabel('Email').fill('double-submit@example.com');
  // A double tap: two posts of the same form, the browser showing the second answer.
  await formPayButton(page).dblclick();
  // The second post may arrive while the first still runs: its page asks to press again, which replays.
  await expect(heading(page, /Approve on your phone|Abonnement Premium/)).toBeVisible();
  if (await heading(page, /Abonnement Premium/).isVisible()) await pay(page);
  await untilReceipt(page);
  const database = new SqliteDatabase(join(process.env.E2E_DATA_DIR ?? '', 'pay-checkout.sqlite'), {
    readonly: true,
  });
  try {
    const rows = database
      .prepare("SELECT reference FROM payments WHERE customer LIKE '%double-submit@example.com%'")
      .all() as { reference: string }[];
    expect(rows.map((row) => row.reference)).toEqual([await receiptReference(page)]);
  } finally {
    database.close();
  }
});
