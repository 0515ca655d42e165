// What every end-to-end spec shares: where the server and the merchant page are, screenshots, the payer's
// usual moves on the widget, and the sandbox's APIs. Elements are found by role and label.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import SqliteDatabase from 'better-sqlite3';
import { DEMO_MERCHANT_API_KEY } from '../../server/config.ts';

export const api = () => process.env.E2E_API_URL ?? '';
export const merchant = (link = 'lnk_fixed_ci', locale = 'en') =>
  `${process.env.E2E_MERCHANT_URL}/?link=${link}&locale=${locale}`;

/** The sandbox's demo credentials (embedded mode only). */
export const sandboxHeaders = { 'client-id': 'pk_sandbox_demo', 'client-secret': 'sk_sandbox_demo_secret' };

/** Final results arrive by webhook after SANDBOX_OUTCOME_DELAY_MS, then over the stream or a poll. */
export const FINAL = { timeout: 15_000 };

/**
 * What lands in the merchant's console from now on: errors and warnings, from the page and its frames.
 * The browser's own line for each 4xx answer (a wrong code's 422) is the network's, not ours.
 */
export function consoleOf(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/^(error|warning)$/.test(message.type()) && !message.text().startsWith('Failed to load resource'))
      logged.push(message.text());
  });
  page.on('pageerror', (error) => logged.push(error.message));
  return logged;
}

/** Saves a full-page screenshot of the current step as a test artifact. */
export async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/e2e/${test.info().title.replace(/\W+/g, '-')}-${name}.png`,
    fullPage: true,
  });
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name });
// The form's own pay button comes first; on a wide screen with a mouse "Pay on your phone" follows it.
export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay / }).first();

/** Fills the form of `lnk_fixed_ci` (a required text field; anonymous payments off), without paying. */
export async function fillFixedLink(page: Page, phone: string) {
  await page.goto(merchant());
  await expect(heading(page, /Abonnement Premium/)).toBeVisible();
  await shot(page, 'form');
  await page.getByLabel('Numéro d’abonné').fill('AB-1234');
  await page.getByLabel('Full name').fill('Awa Koné');
  await page.getByLabel('Email').fill('awa@example.com');
  await page.getByLabel('Phone number').fill(phone);
}

/** Fills the form of `lnk_fixed_ci` and pays. */
export async function payFixedLink(page: Page, phone: string) {
  await fillFixedLink(page, phone);
  await payButton(page).click();
}

/**
 * A direct payment on lnk_fixed_ci (XOF 15,000) made through the API, waited for until it succeeds: give
 * a phone ending in 01 (no code to type).
 */
export async function paidPayment(
  page: Page,
  phoneNumber: string,
  customer = { name: 'Awa Koné', email: 'awa@example.ci' },
): Promise<string> {
  const created = await page.request.post(`${api()}/api/v1/payments`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      link: 'lnk_fixed_ci',
      customer,
      fields: { subscriber_id: 'AB-1234' },
      method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { payment, token } = (await created.json()).data as { payment: { reference: string }; token: string };
  await expect
    .poll(async () => {
      const read = await page.request.get(`${api()}/api/v1/payments/${payment.reference}`, {
        headers: { 'Payment-Token': token },
      });
      return ((await read.json()) as { data: { status: string } }).data.status;
    }, FINAL)
    .toBe('success');
  return payment.reference;
}

/** Logs into the merchant console with the sandbox's demo key and waits for its payments list. */
export async function logInToConsole(page: Page) {
  await page.goto(`${api()}/console`);
  await page.getByLabel('Merchant API key').fill(DEMO_MERCHANT_API_KEY);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('status')).toContainText(/Showing \d+ payments?/);
}

/** Types a code on the OTP (or customer code) step and confirms it. */
export async function enterCode(page: Page, label: 'Code' | 'Customer code', code: string) {
  await page.getByLabel(label).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

export async function expectSuccess(page: Page) {
  await expect(heading(page, 'Payment successful')).toBeVisible(FINAL);
  await expect(page.getByText(/pay_[0-9a-f]{32}/)).toBeVisible();
  await shot(page, 'success');
}

/** The payment's reference as the widget shows it (processing, bank transfer, result steps). */
export async function shownReference(page: Page): Promise<string> {
  // The summary's value (its copy button beside it): the reference alone, read out of its text.
  const text = await page
    .getByRole('definition')
    .filter({ hasText: /pay_[0-9a-f]{32}/ })
    .textContent();
  return /pay_[0-9a-f]{32}/.exec(text ?? '')?.[0] ?? '';
}

/** Every request the page sends to our API from now on, or only those whose URL matches `only`. */
export function recordApiRequests(page: Page, only?: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`${api()}/api/`) && (!only || only.test(url))) sent.push(request);
  });
  return sent;
}

/** How many checkouts the sandbox holds. */
export async function sandboxCheckoutCount(page: Page): Promise<number> {
  const response = await page.request.get(`${api()}/sandbox/payments/v1/checkouts?limit=1`, {
    headers: sandboxHeaders,
  });
  return ((await response.json()) as { total: number }).total;
}

/**
 * The outcome of each collection the provider (the sandbox) was asked for since it counted `before`
 * (`sandboxCheckoutCount`), newest first: `success`, `pending`, `failed`…
 */
export async function sandboxStatusesSince(page: Page, before: number): Promise<string[]> {
  const made = (await sandboxCheckoutCount(page)) - before;
  if (made <= 0) return [];
  const response = await page.request.get(`${api()}/sandbox/payments/v1/checkouts?limit=${made}`, {
    headers: sandboxHeaders,
  });
  return ((await response.json()) as { data: { status: string }[] }).data.map((each) => each.status);
}

/** Where the provider (the sandbox) says a collection stands: `success`, `failed`, `pending`… */
export async function sandboxStatus(page: Page, reference: string): Promise<string> {
  const response = await page.request.get(`${api()}/sandbox/payments/v1/payments/verify/${reference}`, {
    headers: sandboxHeaders,
  });
  return ((await response.json()) as { data: { status: string } }).data.status;
}

/** Forces a sandbox collection to a final status, as the provider would after a transfer. */
export async function setSandboxStatus(page: Page, reference: string, status: 'success' | 'failed') {
  const response = await page.request.post(`${api()}/sandbox/_admin/transactions/${reference}/status`, {
    headers: sandboxHeaders,
    data: { status },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Moves focus with Tab until `target` (a control's label, or a locator inside the widget) has it. */
export async function tabTo(page: Page, target: string | Locator) {
  const control = typeof target === 'string' ? page.getByLabel(target, { exact: true }) : target;
  for (let i = 0; i < 40; i++) {
    if (await control.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Tabs to a control and types into it, as a keyboard-only payer does. */
export async function typeInto(page: Page, label: string, text: string) {
  await tabTo(page, label);
  await page.keyboard.type(text);
}

/**
 * Moves the end of a pending payment's step (the time the payer has to type a code) into the past, as if
 * the payer had walked away: the server decides the rest. Neither the sandbox nor the server's clock can
 * be moved from outside, so this writes the row in the server's own database (SQLite, WAL: a second
 * connection may write while the server runs).
 */
export function expirePaymentStep(reference: string) {
  writeServerDatabase("UPDATE payments SET expires_at = 1 WHERE reference = ? AND status = 'pending'", [
    reference,
  ]);
}

/**
 * Flags a successful payment as a second success would be (`duplicate`): the race that makes one cannot
 * be staged through a browser in reasonable time (the server suite stages it), so this writes the row.
 */
export function flagPayment(reference: string, flag = 'duplicate') {
  writeServerDatabase("UPDATE payments SET flag = ? WHERE reference = ? AND status = 'success'", [
    flag,
    reference,
  ]);
}

/** Ends a "Pay on your phone" handoff now, as its time to live would (the server's clock cannot be moved). */
export function expireHandoff(id: string) {
  writeServerDatabase('UPDATE payment_handoffs SET expires_at = 1 WHERE id = ?', [id]);
}

/** One write in the server's own database (SQLite, WAL: a second connection may write while it runs). */
function writeServerDatabase(statement: string, values: string[]) {
  const database = new SqliteDatabase(join(process.env.E2E_DATA_DIR ?? '', 'pay-checkout.sqlite'));
  try {
    database.pragma('busy_timeout = 5000');
    const { changes } = database.prepare(statement).run(...values);
    expect(changes, `${statement} with ${values.join(', ')}`).toBe(1);
  } finally {
    database.close();
  }
}

/**
 * As an engine without the RegExp `u` flag: making one throws, from the start or once `after` fired (a
 * defect the widget's self-check could not see). The codes of the `pay-error`s fired: `payErrorCodes`.
 */
export async function withoutUnicodeRegExps(page: Page, after?: 'pay-ready') {
  await page.addInitScript((after) => {
    const probe = window as unknown as { payErrors: string[] };
    probe.payErrors = [];
    addEventListener(
      'pay-error',
      (event) => probe.payErrors.push((event as CustomEvent).detail.error.code),
      true,
    );
    const Native = RegExp;
    const old = () => {
      const make = (source: string | RegExp, flags?: string) => {
        if (flags?.includes('u'))
          throw new SyntaxError(`Invalid flags supplied to RegExp constructor '${flags}'`);
        return new Native(source, flags);
      };
      // Called as well as constructed: the minifier writes `RegExp(…)` for `new RegExp(…)`.
      window.RegExp = new Proxy(Native, {
        construct: (_, [source, flags]: [string, string?]) => make(source, flags),
        apply: (_, __, [source, flags]: [string, string?]) => make(source, flags),
      });
    };
    if (after) addEventListener(after, old, { once: true });
    else old();
  }, after);
}

/** The `error.code` of each `pay-error` fired on the page since `withoutUnicodeRegExps` set it up. */
export const payErrorCodes = (page: Page) =>
  page.evaluate(() => (window as unknown as { payErrors: string[] }).payErrors);
