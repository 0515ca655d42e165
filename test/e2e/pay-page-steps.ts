// The payer's moves on the pay page with JavaScript off, shared by the specs that walk it: filling the
// fixed link's form, paying, following "Check again" to the receipt, and reading the payment's reference
// from the cookie that carries its token.
import { expect, type Page } from '@playwright/test';
import { api, FINAL, heading } from './helpers.ts';

export const RECEIPT = /\/pay\/receipt\/(pay_[0-9a-f]{32})\.[A-Za-z0-9_-]{22}(\?|$)/;

/** Opens `lnk_fixed_ci`'s pay page in `lang` and fills it, paying from `phone`. */
export async function fillFixed(page: Page, phone: string, lang = 'en') {
  await page.goto(`${api()}/pay/lnk_fixed_ci?lang=${lang}`);
  await expect(heading(page, /Abonnement Premium/)).toBeVisible();
  await page.getByLabel('Numéro d’abonné').fill('AB-1234');
  await page.getByLabel(lang === 'en' ? 'Full name' : /Nom complet|Jina kamili/).fill('Awa Koné');
  await page.getByLabel(/^(Email|E-mail|Barua pepe)/).fill('awa@example.com');
  await page.getByLabel(lang === 'en' ? 'Phone number' : /Numéro de téléphone|Nambari ya simu/).fill(phone);
}

/**
 * The form's own pay button, by its name in English, French or Swahili: "Pay <amount>" (a digit in it), or
 * "Pay now" while the amount is not known. Never "Pay on your phone", which follows it on a wide screen.
 */
export const formPayButton = (page: Page) =>
  page.getByRole('button', { name: /^(Pay|Payer|Lipa) .*\d|^(Pay now|Payer|Lipa sasa)$/ });

export const pay = (page: Page) => formPayButton(page).click();

/** Follows "Check again" (as the page's Refresh header would) until the payment ends on its receipt. */
export async function untilReceipt(page: Page): Promise<string> {
  await expect(async () => {
    if (!RECEIPT.test(page.url()))
      await page
        .getByRole('link', { name: /^(Check again|Vérifier à nouveau|Angalia tena)/ })
        .click({ timeout: 1000 });
    expect(page.url()).toMatch(RECEIPT);
  }).toPass(FINAL);
  return receiptReference(page);
}

export async function receiptReference(page: Page): Promise<string> {
  await expect(page).toHaveURL(RECEIPT, FINAL);
  return RECEIPT.exec(page.url())![1]!;
}

/** The reference of the payment this browser pays: its token's cookie is scoped to `/pay/p/<reference>`. */
export async function cookieReference(page: Page): Promise<string> {
  // Every cookie of the context: asking for those of a URL would keep only the ones whose path it matches.
  const cookie = (await page.context().cookies()).find((each) => each.path.startsWith('/pay/p/'));
  expect(cookie, 'the payment token cookie').toBeDefined();
  return cookie!.path.slice('/pay/p/'.length);
}
