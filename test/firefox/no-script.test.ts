// The pay page in Firefox with JavaScript off (Debian's ESR, `javascript.enabled` false, over WebDriver BiDi:
// puppeteer's own queries run in a sandbox the pref does not stop), against the real server the end-to-end
// suite starts: the form, a refused field, a wrong code, the right code straight on to the outcome,
// "approve on your phone" refreshing to the receipt, the QR handoff to a phone, and the storefront's
// fallback at its own size. Every wait is on a navigation (the form's post, the page's own Refresh).
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { en } from '../../widget/shared/en.ts';
import { FINAL_MS, fixedLinkAnswers, OTP, WRONG_OTP } from '../journeys.ts';
import { decodeQr } from '../qr-decode.ts';
import { launchFirefox } from './firefox.ts';

const api = () => process.env.E2E_API_URL!;
const RECEIPT = /\/pay\/receipt\/pay_[0-9a-f]{32}\.[A-Za-z0-9_-]{22}(\?|$)/;
const FORM_TITLE = "Abonnement Premium — L'Écho d'Abidjan";

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox({
    'javascript.enabled': false,
    // A mouse, as on a desktop: headless Firefox has no pointer that hovers here, and "Pay on your phone"
    // shows only with one (`(hover: hover)`). Bits: 2 fine, 4 hover.
    'ui.primaryPointerCapabilities': 6,
    'ui.allPointerCapabilities': 6,
  });
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a fresh browser context (its own cookies), `width` wide. */
async function openPage(width = 360, height = 740): Promise<Page> {
  const context = await browser.createBrowserContext();
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.setViewport({ width, height });
  return page;
}

const heading = (page: Page) => page.$eval('h1', (h1) => h1.textContent?.trim() ?? '');

// Puppeteer's accessibility queries, locators, `waitForSelector`, `$$` and a handle's `click` wait on work
// of the page's own event loop that needs script: with it off, they never return. The payer's moves are
// made with `$`, `evaluate` and the keyboard instead, as a keyboard user makes them.

/** Types into the field `label` names (by the label's `for`), as a payer finds it. */
async function fill(page: Page, label: string, value: string) {
  const id = await page.evaluate(
    (wanted) =>
      [...document.querySelectorAll('label')].find((each) => each.textContent?.trim() === wanted)?.htmlFor,
    label,
  );
  expect(id, `a field labelled ${label}`).toBeTruthy();
  const input = (await page.$(`[id="${id}"]`))!;
  await input.evaluate((field) => ((field as HTMLInputElement).value = ''));
  await input.type(value);
}

/** Presses (Enter) the button whose text `name` matches, and waits for the page it leads to. */
async function press(page: Page, name: string | RegExp) {
  const found = await page.evaluate(
    (source, exact) => {
      const target = [...document.querySelectorAll('button')].find((each) => {
        const text = each.textContent?.trim() ?? '';
        return exact === null ? new RegExp(source).test(text) : text === exact;
      });
      target?.focus();
      return target !== undefined;
    },
    typeof name === 'string' ? '' : name.source,
    typeof name === 'string' ? name : null,
  );
  expect(found, `a button ${String(name)}`).toBe(true);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
}

/** `lnk_fixed_ci`'s form in English, filled in, paying from `phone`. */
async function fillFixedLink(page: Page, phone: string) {
  await page.goto(`${api()}/pay/lnk_fixed_ci?lang=en`);
  expect(await heading(page)).toBe(FORM_TITLE);
  for (const [label, answer] of fixedLinkAnswers(en)) await fill(page, label, answer);
  await fill(page, en.phone, phone);
}

/** The form's pay button: "Pay <total>", never "Pay on your phone". */
const PAY = /^Pay F/;

/**
 * The headings of the pages the page goes through, by its own Refresh, until it reaches the receipt. The
 * next navigation is awaited from before the address is read, so a refresh between the two is not missed.
 */
async function headingsUntilReceipt(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + FINAL_MS;
  for (;;) {
    const next = page.waitForNavigation({ timeout: Math.max(1, deadline - Date.now()) });
    if (RECEIPT.test(page.url())) {
      next.catch(() => undefined);
      return seen;
    }
    // A refresh may already be replacing the page: its heading is then read on the next one.
    const title = await heading(page).catch(() => undefined);
    if (title !== undefined) seen.push(title);
    await next;
  }
}

test('the form, a refused field kept beside its answers, then a wrong code and the right one: straight on to the outcome, never "approve on your phone"', async () => {
  const page = await openPage();
  await fillFixedLink(page, '+2250700000000');
  await fill(page, en.email, 'awa@');
  await press(page, PAY);
  // Refused by the server: the same form, the error beside the field, the answers kept.
  expect(await heading(page)).toBe(FORM_TITLE);
  const email = await page.$eval('input[name="customer.email"]', (input) => ({
    invalid: input.getAttribute('aria-invalid'),
    error: document.getElementById(input.getAttribute('aria-describedby')?.split(' ').pop() ?? '')
      ?.textContent,
  }));
  expect(email).toEqual({ invalid: 'true', error: en.invalidEmail });
  expect(await page.$eval('input[name="fields.subscriber_id"]', (input) => input.value)).toBe('AB-1234');

  await fill(page, en.email, 'awa@example.com');
  await press(page, PAY);
  expect(await heading(page)).toBe(en.otpTitle);
  await fill(page, en.code, WRONG_OTP);
  await press(page, en.confirm);
  expect(await heading(page)).toBe(en.otpTitle);
  expect(await page.$eval('#otp-error', (error) => error.textContent)).toBe(en.wrongCode);

  await fill(page, en.code, OTP);
  await press(page, en.confirm);
  // The outcome, or a page that says it is being confirmed: the payer has nothing left to approve.
  const after = await headingsUntilReceipt(page);
  expect(after.every((title) => title === en.confirmingTitle)).toBe(true);
  expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Receipt');
  expect(await page.$eval('main', (main) => main.textContent)).toContain('Payment successful');
});

test('approve on your phone: the page refreshes itself to the receipt', async () => {
  const page = await openPage();
  await fillFixedLink(page, '+2250700000001');
  await press(page, PAY);
  expect(await heading(page)).toBe(en.processingTitle);
  // No click: the page's own Refresh header (PAY_PAGE_REFRESH_SECONDS, 2 s in the suite) brings the receipt.
  const waited = await headingsUntilReceipt(page);
  expect(waited[0]).toBe(en.processingTitle);
  expect(await page.$eval('main', (main) => main.textContent)).toContain('Payment successful');
});

/**
 * The desktop's "Pay on your phone" page: its heading, what its QR code reads as (a screenshot of it, as a
 * camera sees the screen) and the address written under it. The page reloads itself every 2 s: what is
 * read in the middle of a reload is read again on the page that follows.
 */
async function readHandoff(page: Page) {
  for (let attempt = 0; ; attempt++) {
    const next = page.waitForNavigation({ timeout: FINAL_MS });
    try {
      const seen = await page.evaluate(() => {
        const box = document.querySelector('img.qr')!.getBoundingClientRect();
        return {
          title: document.querySelector('h1')?.textContent?.trim(),
          written: document.querySelector('p.muted a')?.textContent,
          clip: { x: box.x, y: box.y, width: box.width, height: box.height },
        };
      });
      const address = decodeQr(await page.screenshot({ clip: seen.clip }));
      if (address !== undefined || attempt === 2) {
        next.catch(() => undefined);
        return { title: seen.title, written: seen.written, address };
      }
    } catch (error) {
      if (attempt === 2) throw error;
    }
    await next;
  }
}

test('pay on your phone: the QR code opens the answers on a phone, and the desktop follows to the receipt', async () => {
  // The button shows on a wide screen with a mouse only.
  const desktop = await openPage(1280, 800);
  await fillFixedLink(desktop, '+2250700000000');
  await press(desktop, en.payOnPhone);
  const { title, address, written } = await readHandoff(desktop);
  expect(title).toBe(en.payOnPhone);
  expect(address).toMatch(new RegExp(`^${api()}/pay/h/hof_[A-Za-z0-9_-]{22}\\?lang=en$`));
  // The address is also written under the code, for a phone without a camera.
  expect(written).toBe(address);

  // Another browser (its own cookies), a phone's screen.
  const phone = await openPage();
  await phone.goto(address!);
  expect(await heading(phone)).toBe(FORM_TITLE);
  expect(await phone.$eval('input[name="customer.email"]', (input) => input.value)).toBe('awa@example.com');
  expect(await phone.$eval('input[name="method.phoneNumber"]', (input) => input.value)).toBe(
    '+2250700000000',
  );
  await press(phone, PAY);
  expect(await heading(phone)).toBe(en.otpTitle);
  await fill(phone, en.code, OTP);
  await press(phone, en.confirm);
  await headingsUntilReceipt(phone);

  // The desktop's waiting page reaches the receipt by its own Refresh (it may be there already).
  const waited = await headingsUntilReceipt(desktop);
  expect(waited.filter((title) => title !== en.payOnPhone)).toEqual([]);
  expect(await desktop.$eval('main', (main) => main.textContent)).toContain('Payment successful');
});

test('the storefront: with script off, each fallback link shows at its own size, with no space held for the widget', async () => {
  const page = await openPage(1280, 800);
  await page.goto(`${api()}/`);
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('pay-checkout')].map((element) => ({
      height: Math.round(element.getBoundingClientRect().height),
      link: Math.round(element.querySelector('a')!.getBoundingClientRect().height),
    })),
  );
  expect(boxes).toHaveLength(2);
  for (const box of boxes) {
    expect(box.link).toBeGreaterThan(0);
    // One line of text: the link's own height and its line's leading, never the widget's 860 px.
    expect(box.height).toBeLessThan(2 * box.link);
  }
});
