// A cart (a checkout session) takes one payment at a time: a payer who pays it again in a second tab,
// while the first payment still waits for approval on the phone, is told so in their language, with the
// form kept, and no second prompt is sent.
import { expect, test, type Page } from '@playwright/test';
import { api, consoleOf, heading, shot } from './helpers.ts';

/** The merchant's server creates the cart's session (the demo's merchant key, embedded mode). */
async function newCart(page: Page): Promise<string> {
  const response = await page.request.post(`${api()}/api/v1/sessions`, {
    headers: { authorization: 'Bearer mk_sandbox_demo_key' },
    data: { amount: 12_500, currency: 'XOF', country: 'CI', description: 'Panier de fruits de saison' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

const cartPage = (session: string, locale: string) =>
  `${process.env.E2E_MERCHANT_URL}/?session=${session}&locale=${locale}`;

/** Fills the cart's form (name, email, phone) and presses Pay. */
interface Words {
  name: string;
  email: string;
  phone: string;
  pay: RegExp;
}
const ENGLISH: Words = { name: 'Full name', email: 'Email', phone: 'Phone number', pay: /^Pay / };
const FRENCH: Words = { name: 'Nom complet', email: 'E-mail', phone: 'Numéro de téléphone', pay: /^Payer / };

async function pay(page: Page, words: Words, phone: string) {
  await page.getByLabel(words.name).fill('Awa Koné');
  await page.getByLabel(words.email).fill('awa@example.ci');
  await page.getByLabel(words.phone).fill(phone);
  await page.getByRole('button', { name: words.pay }).click();
}

test('a cart paid in a second tab while the first payment waits: refused in French, form kept', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 900 } });
  const first = await context.newPage();
  const cart = await newCart(first);
  await first.goto(cartPage(cart, 'en'));
  // Phone ending 03: the payment waits for approval on the phone, and no answer ever comes.
  await pay(first, ENGLISH, '0700000003');
  await expect(heading(first, 'Approve on your phone')).toBeVisible();

  const second = await context.newPage();
  const logged = consoleOf(second);
  await second.goto(cartPage(cart, 'fr'));
  await expect(second.getByRole('button', { name: FRENCH.pay })).toBeVisible();
  await pay(second, FRENCH, '0700000001');
  const refusal =
    'Un paiement pour cette commande est déjà en cours. Validez-le ou terminez-le d’abord, ou attendez qu’il prenne fin avant de payer à nouveau.';
  await expect(second.getByRole('status')).toHaveText(refusal);
  await expect(second.getByLabel('Nom complet')).toHaveValue('Awa Koné');
  await shot(second, 'refused-fr-320');
  await second.emulateMedia({ colorScheme: 'dark' });
  await shot(second, 'refused-fr-320-dark');
  // Nothing overflows the phone's width.
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(logged).toEqual([]);
  await context.close();
});
