// `<pay-checkout isolation="iframe">`: the checkout in a frame on the backend's origin. First the proof
// that a skimmer on the merchant's page (another origin) gets neither the payer's number nor the code,
// and that the same skimmer gets both from the in-page checkout; then every journey of the in-page mode
// (checkout.spec.ts, steps.spec.ts, resume.spec.ts) driven through the frame.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { PAY_EVENTS } from '../../widget/element/event-names.ts';
import { consoleOf, FINAL, sandboxCheckoutCount, setSandboxStatus, shot } from './helpers.ts';

const PHONE = '0700000000';
const OTP = '123456';

/** The merchant page (another origin) with the element in iframe mode, or in-page. */
const shop = (link = 'lnk_fixed_ci', options: { inPage?: boolean; hostile?: boolean } = {}) =>
  `${process.env.E2E_MERCHANT_URL}/?link=${link}&locale=en` +
  (options.inPage ? '' : '&isolation=iframe') +
  (options.hostile ? '&hostile' : '');

/** Where the payer's controls are: in the frame, or (in-page) on the page itself. */
const checkoutOf = (page: Page, inPage = false): Page | FrameLocator =>
  inPage ? page : page.frameLocator('pay-checkout iframe');

const heading = (ui: Page | FrameLocator, name: string | RegExp) => ui.getByRole('heading', { name });
const payButton = (ui: Page | FrameLocator) => ui.getByRole('button', { name: /^Pay / }).first();

async function payFixedLink(
  page: Page,
  phone: string,
  options: { inPage?: boolean; hostile?: boolean } = {},
) {
  await page.goto(shop('lnk_fixed_ci', options));
  const ui = checkoutOf(page, options.inPage);
  await expect(heading(ui, /Abonnement Premium/)).toBeVisible();
  await ui.getByLabel('Numéro d’abonné').fill('AB-1234');
  await ui.getByLabel('Full name').fill('Awa Koné');
  await ui.getByLabel('Email').fill('awa@example.com');
  // Typed key by key, as a payer types: a skimmer sees each keystroke that reaches the page.
  await ui.getByLabel('Phone number').pressSequentially(`+225${phone.slice(0, -1)}`);
  await ui.getByLabel('Phone number').pressSequentially(phone.slice(-1));
  await payButton(ui).click();
  return ui;
}

async function enterCode(ui: Page | FrameLocator, label: 'Code' | 'Customer code', code: string) {
  await ui.getByLabel(label).pressSequentially(code);
  await ui.getByRole('button', { name: 'Confirm' }).click();
}

async function expectSuccess(page: Page, ui: Page | FrameLocator) {
  await expect(heading(ui, 'Payment successful')).toBeVisible(FINAL);
  await expect(ui.getByText(/pay_[0-9a-f]{32}/)).toBeVisible();
  await shot(page, 'success');
}

/** What the page's skimmer (test/e2e/hostile-script.js) kept, once it has looked a few more times. */
async function skimmed(page: Page): Promise<string[]> {
  type Skimmer = { skimmed: string[]; looks: number };
  const looks = await page.evaluate(() => (window as unknown as Skimmer).looks);
  await page.waitForFunction((count) => (window as unknown as Skimmer).looks > count + 1, looks);
  return page.evaluate(() => (window as unknown as Skimmer).skimmed);
}

/** Every `pay-*` event the element fired, by name, with its detail. */
async function recordEvents(page: Page) {
  await page.addInitScript((names) => {
    const events: { name: string; detail: unknown }[] = ((window as unknown as { events: unknown }).events =
      []);
    for (const name of names)
      addEventListener(name, (event) => events.push({ name, detail: (event as CustomEvent).detail }));
  }, PAY_EVENTS);
}

test.describe('a skimmer on the merchant page', () => {
  test('gets neither the number nor the code from the iframe mode, while the payment completes', async ({
    page,
  }) => {
    const ui = await payFixedLink(page, PHONE, { hostile: true });
    await expect(heading(ui, 'Enter your code')).toBeVisible();
    await enterCode(ui, 'Code', OTP);
    await expectSuccess(page, ui);

    const loot = await skimmed(page);
    const all = loot.join('\n');
    expect(all).not.toContain(PHONE);
    expect(all).not.toContain(OTP);
    // It did look: the frame's window and storage were refused, and it heard the redacted events.
    expect(all).toContain('frame window refused: SecurityError');
    expect(all).toContain('frame storage refused: SecurityError');
    expect(loot.some((line) => line.startsWith('pay-otp-required: '))).toBe(true);
    expect(loot.some((line) => line.startsWith('pay-success: ') && /pay_[0-9a-f]{32}/.test(line))).toBe(true);
    expect(loot.some((line) => line.startsWith('message: ') && line.includes('"pay:event"'))).toBe(true);
  });

  test('gets both from the in-page mode (so the test above can fail)', async ({ page }) => {
    const ui = await payFixedLink(page, PHONE, { hostile: true, inPage: true });
    await expect(heading(ui, 'Enter your code')).toBeVisible();
    await enterCode(ui, 'Code', OTP);
    await expectSuccess(page, ui);

    const all = (await skimmed(page)).join('\n');
    expect(all).toMatch(new RegExp(`(input event|shadow field): \\+225 ?${PHONE}`));
    expect(all).toContain(`input event: ${OTP}`);
  });
});

test('the element fires the same events as in-page, their details without the number or the code', async ({
  page,
}) => {
  type Fired = { name: string; detail: Record<string, never> }[];
  await recordEvents(page);
  const run = async (inPage: boolean) => {
    const ui = await payFixedLink(page, PHONE, { inPage });
    await enterCode(ui, 'Code', OTP);
    await expectSuccess(page, ui);
    return page.evaluate(() => (window as unknown as { events: Fired }).events);
  };
  const inPage = await run(true);
  const framed = await run(false);
  expect(framed.map(({ name }) => name)).toEqual(inPage.map(({ name }) => name));
  expect(framed.map(({ name }) => name)).toEqual([
    'pay-ready',
    'pay-submit',
    'pay-otp-required',
    'pay-pending',
    'pay-success',
  ]);
  const [ready, submit, otp, , success] = framed.map(({ detail }) => detail);
  expect(ready!.config).toEqual(inPage[0]!.detail.config);
  expect(submit!.request).toMatchObject({
    link: 'lnk_fixed_ci',
    customer: { name: 'Awa Koné', email: 'awa@example.com' },
    method: { kind: 'direct', provider: 'mtn-ci' },
  });
  expect(JSON.stringify(inPage[1]!.detail)).toContain(PHONE);
  expect(JSON.stringify(submit)).not.toContain(PHONE);
  expect(otp!.payment).toMatchObject({ status: 'pending', action: 'otp' });
  expect(JSON.stringify(inPage[2]!.detail)).toContain(OTP);
  expect(JSON.stringify(otp)).not.toContain(OTP);
  expect(success!.payment).toMatchObject({ status: 'success' });
});

test.describe('every journey through the frame', () => {
  test('OTP: a wrong code, then the right one; nothing lands in the merchant’s console', async ({ page }) => {
    const logged = consoleOf(page);
    const ui = await payFixedLink(page, PHONE);
    await enterCode(ui, 'Code', '000000');
    await expect(ui.getByText('Wrong code.', { exact: true })).toBeVisible();
    await enterCode(ui, 'Code', OTP);
    await expectSuccess(page, ui);
    expect(logged).toEqual([]);
  });

  test('pre-otp: the customer code, then success', async ({ page }) => {
    const ui = await payFixedLink(page, '0700000007');
    await expect(heading(ui, 'Get your code')).toBeVisible();
    await enterCode(ui, 'Customer code', '654321');
    await expectSuccess(page, ui);
  });

  test('processing: approve on the phone, then success', async ({ page }) => {
    const ui = await payFixedLink(page, '0700000001');
    await expect(heading(ui, 'Approve on your phone')).toBeVisible();
    await expectSuccess(page, ui);
  });

  test('failure reported by webhook', async ({ page }) => {
    const ui = await payFixedLink(page, '0700000004');
    await expect(heading(ui, 'Payment failed')).toBeVisible(FINAL);
  });

  test('bank transfer: account details, paid through the sandbox', async ({ page }) => {
    const ui = await payFixedLink(page, '0700000009');
    await expect(heading(ui, 'Pay by bank transfer')).toBeVisible();
    const text = await ui
      .getByRole('definition')
      .filter({ hasText: /pay_[0-9a-f]{32}/ })
      .textContent();
    await setSandboxStatus(page, /pay_[0-9a-f]{32}/.exec(text ?? '')?.[0] ?? '', 'success');
    await expectSuccess(page, ui);
  });

  test('redirect: the provider page (08) opens in the top window, and the shop resumes on return', async ({
    page,
  }) => {
    await payFixedLink(page, '0700000008');
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(new RegExp(`^${process.env.E2E_MERCHANT_URL}/.*pay_reference=pay_`));
    await expectSuccess(page, checkoutOf(page));
  });

  test('back on the shop without deciding (08): the frame’s link to the provider page opens it in the top window', async ({
    page,
  }) => {
    await payFixedLink(page, '0700000008');
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.goto(shop());
    const ui = checkoutOf(page);
    await expect(heading(ui, 'Finish your payment')).toBeVisible(FINAL);
    await ui.getByRole('link', { name: 'Continue to MTN Mobile Money' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    // The provider's page replaced the shop: it is not running inside the frame.
    expect(page.frames()).toHaveLength(1);
  });

  test('hosted checkout approved in the top window, resumed on return', async ({ page }) => {
    await page.goto(shop('lnk_tip_ci'));
    const ui = checkoutOf(page);
    await ui.getByLabel('Amount (XOF)').fill('750');
    await ui.getByRole('radio', { name: 'Secure payment page' }).check();
    await payButton(ui).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByLabel('Pay with').selectOption({ label: 'Wave' });
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(new RegExp(`^${process.env.E2E_MERCHANT_URL}/.*pay_reference=`));
    await expect(heading(checkoutOf(page), 'Payment successful')).toBeVisible(FINAL);
  });

  test('popup: the hosted page opens from the frame on the click, and the shop shows the result', async ({
    page,
  }) => {
    await page.goto(shop('lnk_tip_ci'));
    const ui = checkoutOf(page);
    await expect(payButton(ui)).toBeVisible();
    await page.locator('pay-checkout').evaluate((element: HTMLElement & { popup: boolean }) => {
      element.popup = true;
    });
    await ui.getByLabel('Amount (XOF)').fill('750');
    await ui.getByRole('radio', { name: 'Secure payment page' }).check();
    const opened = page.waitForEvent('popup');
    await payButton(ui).click();
    const popup = await opened;
    await popup.waitForURL(/\/sandbox\/checkout\//);
    await popup.getByLabel('Pay with').selectOption({ label: 'Wave' });
    await popup.getByRole('button', { name: 'Approve' }).click();
    await expect(heading(ui, 'Payment successful')).toBeVisible(FINAL);
    // The shop itself never left.
    expect(page.url()).toBe(shop('lnk_tip_ci'));
  });

  test('hosted checkout cancelled: back to the form, told so', async ({ page }) => {
    await page.goto(shop('lnk_tip_ci'));
    const ui = checkoutOf(page);
    await ui.getByLabel('Amount (XOF)').fill('750');
    await ui.getByRole('radio', { name: 'Secure payment page' }).check();
    await payButton(ui).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/pay_cancel=1/);
    await expect(checkoutOf(page).getByRole('status')).toHaveText(
      'Payment cancelled. You can try again.',
      FINAL,
    );
    await expect(payButton(checkoutOf(page))).toBeVisible();
  });

  test('resume: a reload during the OTP step resumes at the OTP step', async ({ page }) => {
    const ui = await payFixedLink(page, PHONE);
    await expect(heading(ui, 'Enter your code')).toBeVisible();
    const checkouts = await sandboxCheckoutCount(page);
    await page.reload();
    await expect(heading(checkoutOf(page), 'Enter your code')).toBeVisible();
    expect(await sandboxCheckoutCount(page)).toBe(checkouts);
    await enterCode(checkoutOf(page), 'Code', OTP);
    await expectSuccess(page, checkoutOf(page));
  });

  test('the frame reads its config from the page itself: no config request at all', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => sent.push(new URL(request.url()).pathname));
    await page.goto(shop());
    await expect(heading(checkoutOf(page), /Abonnement Premium/)).toBeVisible();
    await expect(payButton(checkoutOf(page))).toBeEnabled();
    expect(sent).toContain('/widget/pay-checkout-frame.js');
    expect(sent.filter((path) => path === '/api/v1/links/lnk_fixed_ci')).toEqual([]);
  });

  test('the page’s --pay-* properties style the checkout in the frame; a malformed one is dropped', async ({
    page,
  }) => {
    // Set through the CSSOM before the widget's script runs: the page's policy forbids inline styles.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const host = document.querySelector<HTMLElement>('pay-checkout')!;
        host.style.setProperty('--pay-color-primary', '#0b6e4f');
        host.style.setProperty('--pay-radius', '2px');
        host.style.setProperty('--pay-color-background', 'url(https://evil.example/track.png)');
      }),
    );
    await page.goto(shop());
    await expect(payButton(checkoutOf(page))).toHaveCSS('background-color', 'rgb(11, 110, 79)');
    const card = checkoutOf(page).locator('[part="base"]');
    await expect(card).toHaveCSS('border-radius', '2px');
    // The url() never reached the frame: the card keeps its own background (forwarded, it would be none).
    await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test('the frame follows its content’s height, with no scrollbar', async ({ page }) => {
    await page.goto(shop());
    const frame = page.locator('pay-checkout iframe');
    await expect(heading(checkoutOf(page), /Abonnement Premium/)).toBeVisible();
    await expect
      .poll(async () =>
        frame.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height),
      )
      .toBeGreaterThan(600);
    const inner = page.frames().find((candidate) => candidate.url().includes('/embed?'))!;
    const [outer, content] = await Promise.all([
      frame.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height),
      inner.evaluate(() => Math.ceil(document.querySelector('pay-checkout')!.getBoundingClientRect().height)),
    ]);
    expect(outer).toBe(content);
    await shot(page, 'iframe-form');
  });
});
