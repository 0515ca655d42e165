// The pay page and the receipt on the narrowest phones, with JavaScript off as a proxy browser or an old
// phone has it: every state at 320 px, light and dark. Nothing may stick out of the screen (no sideways
// scroll, no button cut off) and axe finds nothing. Each state is reached the real way (the sandbox's
// magic phone numbers). Screenshots land in PAY_SHOTS, else test-results/pay-page-layout/.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_MERCHANT_API_KEY } from '../../server/config.ts';
import { receiptPath } from '../../server/pay/receipts/link.ts';
import { measureDocumentOverflow, overflowProblems } from '../layout-overflow.ts';
import { api, FINAL, heading } from './helpers.ts';
import { cookieReference, fillFixed, pay, untilReceipt } from './pay-page-steps.ts';

const WIDTH = 320;
const SHOTS = process.env.PAY_SHOTS ?? 'test-results/pay-page-layout';
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

test.use({ javaScriptEnabled: false, viewport: { width: WIDTH, height: 640 } });

/**
 * A waiting page reloads itself (its Refresh header) every few seconds, which would pull the page away
 * from under the measurements: the header is dropped for this test, nothing else of the answer changes.
 */
async function holdStill(page: Page) {
  await page.route(/\/pay\/(p|receipt)\//, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const headers = { ...response.headers() };
    delete headers['refresh'];
    await route.fulfill({ response, headers });
  });
}

const STATES: Record<string, (page: Page) => Promise<void>> = {
  'form-fixed': async (page) => {
    await page.goto(`${api()}/pay/lnk_fixed_ci?lang=en`);
    await expect(heading(page, /Abonnement Premium/)).toBeVisible();
  },
  'form-bounded': async (page) => {
    await page.goto(`${api()}/pay/lnk_donation_ng?lang=en`);
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  },
  // A date, a select, a file, a checkbox and text: every custom-field type the pay page draws.
  'form-all-fields': async (page) => {
    await page.goto(`${api()}/pay/lnk_all_fields_sn?lang=en`);
    await expect(page.getByLabel('Certificat médical (PDF ou image)')).toBeVisible();
  },
  'refused-field': async (page) => {
    await fillFixed(page, '+2250700000000');
    await page.getByLabel('Email').fill('awa@');
    await pay(page);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  },
  otp: async (page) => {
    await fillFixed(page, '+2250700000000');
    await pay(page);
    await expect(heading(page, 'Enter your code')).toBeVisible();
  },
  'wrong-otp': async (page) => {
    await fillFixed(page, '+2250700000000');
    await pay(page);
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Wrong code.')).toBeVisible();
  },
  'pre-otp': async (page) => {
    await fillFixed(page, '+2250700000007');
    await pay(page);
    await expect(heading(page, 'Get your code')).toBeVisible();
  },
  // Ending 03: the provider keeps the payment processing, so the page stays. A wallet of its own: another
  // spec leaves 0700000003 waiting on this link, and a second push to one wallet answers wallet_busy.
  'approve-on-phone': async (page) => {
    await holdStill(page);
    await fillFixed(page, '+2250700000403');
    await pay(page);
    // The page the form's redirect led to escapes the route; the same page asked again does not. Its own
    // Refresh may fire meanwhile and abort the goto: asked again until an answer through the route is on screen.
    await expect(async () => {
      await page.goto(page.url());
    }).toPass();
    await expect(heading(page, 'Approve on your phone')).toBeVisible();
  },
  'bank-transfer': async (page) => {
    await fillFixed(page, '+2250700000009');
    await pay(page);
    await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  },
  // Ending 08: the provider's page. Left without finishing, then back from it before its outcome is known.
  'provider-unfinished': async (page) => {
    await fillFixed(page, '+2250700000008');
    await pay(page);
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.goto(`${api()}/pay/p/${await cookieReference(page)}?lang=en`);
    await expect(heading(page, 'Finish your payment')).toBeVisible();
  },
  'provider-return-waiting': async (page) => {
    await holdStill(page);
    await fillFixed(page, '+2250700000008');
    await pay(page);
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.goto(`${api()}/pay/p/${await cookieReference(page)}?returned=1&lang=en`);
    await expect(heading(page, 'Confirming your payment')).toBeVisible();
  },
  'receipt-success': async (page) => {
    await fillFixed(page, '+2250700000000');
    await pay(page);
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await untilReceipt(page);
    await expect(page.getByText('Payment successful').first()).toBeVisible();
  },
  // Ending 04: insufficient funds.
  'receipt-failed': async (page) => {
    await fillFixed(page, '+2250700000004');
    await pay(page);
    await untilReceipt(page);
    await expect(page.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible(FINAL);
  },
  // A payment still in flight: its receipt shows the live status and "Check again", never a new form.
  // A number of its own: the approve-on-phone state's payment still waits on its phone, which refuses a
  // second prompt (409 wallet_busy).
  'receipt-in-flight': async (page) => {
    await holdStill(page);
    await fillFixed(page, '+2250700000103');
    await pay(page);
    await expect(heading(page, 'Approve on your phone')).toBeVisible();
    await page.goto(`${api()}${receiptPath([DEMO_MERCHANT_API_KEY], await cookieReference(page))}?lang=en`);
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
  },
};

/**
 * axe's violations on the page as it stands. axe needs script, which this page runs without: the very
 * HTML it shows is served again at its own address to a page of the same browser with script on (and
 * CSP bypassed so that axe can be added), its stylesheet loaded as usual, in the same colour scheme.
 */
async function axeViolations(page: Page, colorScheme: 'light' | 'dark'): Promise<string[]> {
  const url = page.url();
  const html = await page.content();
  const context = await page.context().browser()!.newContext({
    viewport: { width: WIDTH, height: 640 },
    // A context made here takes the file's options (script off) unless told otherwise.
    javaScriptEnabled: true,
    bypassCSP: true,
    colorScheme,
  });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    // The page as a payer without JavaScript has it: the widget that takes a fresh form over stays out.
    await copy.route('**/widget/**', (route) => route.abort());
    await copy.goto(url);
    await copy.addScriptTag({ content: AXE });
    return await copy.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } })
        .axe;
      return (await axe.run()).violations.map((violation) => violation.id);
    });
  } finally {
    await context.close();
  }
}

for (const [state, reach] of Object.entries(STATES)) {
  test(`${state}: nothing overflows at ${WIDTH} px, light and dark, and axe finds nothing`, async ({ page }) => {
    await reach(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(overflowProblems(await page.evaluate(measureDocumentOverflow), WIDTH), colorScheme).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${state}-${colorScheme}.png`, fullPage: true });
      expect(await axeViolations(page, colorScheme), colorScheme).toEqual([]);
    }
  });
}
