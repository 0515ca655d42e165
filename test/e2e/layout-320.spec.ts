// The checkout on the narrowest phones: every step at 320 px wide, light and dark, English and French, on
// the bare merchant page. Whatever a step shows (a 36-character payment reference, an account number, a
// long French sentence), nothing may stick out of the screen: no sideways scrolling, no button cut off.
// Each state is reached the real way (the sandbox's magic phone numbers), once per language; both colour
// schemes are then checked on that same screen. Screenshots land in test-results/screens-320/.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { en, type Messages } from '../../widget/shared/en.ts';
import { measureOverflow, overflowProblems } from '../layout-overflow.ts';
import { FINAL, expirePaymentStep, merchant } from './helpers.ts';

const WIDTH = 320;
const fr = JSON.parse(readFileSync('widget/i18n/fr.json', 'utf8')) as Messages;

/**
 * English is asked for with the `locale` attribute; French is the seeded link's own language (no
 * attribute), as a French link reaches a payer.
 */
const LANGUAGES = [
  { language: 'en', messages: en, url: merchant('lnk_fixed_ci', 'en') },
  { language: 'fr', messages: fr, url: merchant('lnk_fixed_ci', '') },
] as const;

test.use({ viewport: { width: WIDTH, height: 640 } });

type Language = (typeof LANGUAGES)[number];

/** The pay button's name starts with the message before its amount ("Pay ", "Payer "). */
const payButton = (page: Page, messages: Messages) =>
  page.getByRole('button', { name: new RegExp(`^${messages.pay.split('{amount}')[0]}`) });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function openForm(page: Page, { messages, url }: Language) {
  await page.goto(url);
  await expect(payButton(page, messages)).toBeVisible();
}

/** Fills the open form of `lnk_fixed_ci` (its merchant's own field is French in both languages) and pays. */
async function fillAndPay(page: Page, { messages }: Language, phone: string) {
  await page.getByLabel('Numéro d’abonné').fill('AB-1234');
  await page.getByLabel(messages.name).fill('Awa Koné');
  await page.getByLabel(messages.email).fill('awa@example.com');
  await page.getByLabel(messages.phone).fill(phone);
  await payButton(page, messages).click();
}

async function pay(page: Page, language: Language, phone: string) {
  await openForm(page, language);
  await fillAndPay(page, language, phone);
}

async function enterCode(page: Page, messages: Messages, label: string, code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: messages.confirm }).click();
}

/** Drives a fresh page to one state of the checkout and waits until it is on screen. */
const STATES: Record<string, (page: Page, language: Language) => Promise<void>> = {
  form: openForm,
  'form-errors': async (page, language) => {
    await openForm(page, language);
    await payButton(page, language.messages).click();
    await expect(page.getByText(language.messages.required).first()).toBeVisible();
  },
  otp: async (page, language) => {
    await pay(page, language, '+2250700000000');
    await expect(heading(page, language.messages.otpTitle)).toBeVisible();
  },
  'wrong-otp': async (page, language) => {
    const { messages } = language;
    await pay(page, language, '+2250700000000');
    await expect(heading(page, messages.otpTitle)).toBeVisible();
    await enterCode(page, messages, messages.code, '000000');
    await expect(page.getByText(messages.wrongCode).first()).toBeVisible();
  },
  'pre-otp': async (page, language) => {
    await pay(page, language, '+2250700000007');
    await expect(heading(page, language.messages.preOtpTitle)).toBeVisible();
    // The provider's instructions are English: in French, the widget's own sentence around its USSD code.
    const instructions =
      language.language === 'en'
        ? /Dial \*144\*8\*1# on your phone/
        : language.messages.preOtpText.replace('{ussd}', '*144*8*1#');
    await expect(page.getByText(instructions)).toBeVisible();
  },
  // Ending 03: the provider keeps the payment processing, so the screen stays. A number per language:
  // the other language's payment still waits on its phone, which refuses a second prompt.
  processing: async (page, language) => {
    await pay(page, language, language.language === 'en' ? '+2250700000003' : '+2250700000203');
    await expect(heading(page, language.messages.processingTitle)).toBeVisible();
  },
  // Ending 08: the provider's page. In popup mode the widget stays on its redirect step instead of leaving.
  redirect: async (page, language) => {
    await openForm(page, language);
    await page.locator('pay-checkout').evaluate((element: HTMLElement & { popup: boolean }) => {
      element.popup = true;
    });
    await fillAndPay(page, language, '+2250700000008');
    await expect(heading(page, language.messages.redirectTitle)).toBeVisible();
  },
  'bank-transfer': async (page, language) => {
    await pay(page, language, '+2250700000009');
    await expect(heading(page, language.messages.bankTitle)).toBeVisible();
  },
  success: async (page, language) => {
    const { messages } = language;
    await pay(page, language, '+2250700000000');
    await enterCode(page, messages, messages.code, '123456');
    await expect(heading(page, messages.successTitle)).toBeVisible(FINAL);
  },
  // Ending 04: insufficient funds, which the provider says in English; the widget words its code itself.
  failure: async (page, language) => {
    await pay(page, language, '+2250700000004');
    await expect(heading(page, language.messages.failedTitle)).toBeVisible(FINAL);
    await expect(page.getByText(language.messages.insufficient_funds)).toBeVisible();
  },
  // The payer's time on the code step runs out while the page is away; coming back finds it expired.
  expired: async (page, language) => {
    const { messages } = language;
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/v1\/payments$/.test(response.url()),
    );
    await pay(page, language, '+2250700000000');
    await expect(heading(page, messages.otpTitle)).toBeVisible();
    const { data } = (await (await created).json()) as { data: { payment: { reference: string } } };
    expirePaymentStep(data.payment.reference);
    await page.reload();
    await expect(heading(page, messages.expiredTitle)).toBeVisible(FINAL);
  },
};

async function expectNothingOverflows(page: Page) {
  expect(overflowProblems(await page.evaluate(measureOverflow), WIDTH)).toEqual([]);
}

for (const [state, reach] of Object.entries(STATES)) {
  for (const language of LANGUAGES) {
    test(`${state}, ${language.language}: nothing overflows at ${WIDTH} px, light and dark`, async ({
      page,
    }) => {
      await reach(page, language);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNothingOverflows(page);
        await page.screenshot({
          path: `test-results/screens-320/${state}-${language.language}-${colorScheme}.png`,
          fullPage: true,
        });
      }
    });
  }
}
