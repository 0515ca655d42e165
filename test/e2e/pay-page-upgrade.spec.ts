// The pay page with JavaScript on: the server's form is usable at once, and the widget takes it over
// only when it is ready (and has shown it can take the payment in this browser), in one frame, and only
// from a payer who has not begun with the form; a widget that fails gives the form back, with the
// payer's answers. The widget's script (or its messages) is held back (page.route) to order the moves.
import { expect, test, type Page, type Route } from '@playwright/test';
import {
  api,
  FINAL,
  heading,
  payErrorCodes,
  recordApiRequests,
  sandboxStatus,
  shot,
  withoutUnicodeRegExps,
} from './helpers.ts';
import { formPayButton, pay, receiptReference } from './pay-page-steps.ts';

const PAGE = () => `${api()}/pay/lnk_tip_ci?lang=en`;
/** The page's `load` (and DOMContentLoaded) waits for its deferred scripts, which the tests hold. */
const ARRIVED = { waitUntil: 'commit' } as const;
const WIDGET_SCRIPT = '**/widget/pay-checkout.iife.js';

/** Holds every request matching `url` until `release()` lets them go on. */
async function hold(page: Page, url: string, method = 'GET') {
  const held: Route[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
    arrived();
    await released;
    await route.continue();
  });
  return { release, arrived: first };
}

/**
 * Counts, from the first frame on, the frames painted with no usable form on screen (neither the
 * server's nor the widget's), and adds up the layout shifts (all of them, input or not).
 */
async function watchFrames(page: Page) {
  await page.addInitScript(() => {
    const probe = window as unknown as { formless: number; shift: number; frames: number; moved: string[] };
    probe.formless = 0;
    probe.shift = 0;
    probe.frames = 0;
    probe.moved = [];
    type Shift = { value: number; startTime: number; sources: { node?: Element }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        probe.shift += entry.value;
        // What moved, for the message of a failure: a shift's value alone does not tell where to look.
        const nodes = entry.sources.map(({ node }) => `${node?.nodeName}#${node?.id}.${node?.className}`);
        probe.moved.push(
          `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${nodes.join(' ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const visible = (element: Element | null | undefined) =>
      !!element && (element as HTMLElement).offsetParent !== null;
    const frame = () => {
      if (document.readyState !== 'loading') {
        probe.frames++;
        const widget = document.querySelector('pay-checkout');
        const widgetForm = widget?.shadowRoot?.querySelector('form button[type=submit]');
        if (!visible(document.querySelector('#pay-form button[type=submit]')) && !visible(widgetForm))
          probe.formless++;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Where `selector`'s box starts on the page (not the viewport, which follows the focused field). */
const boxOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { top, left } = element.getBoundingClientRect();
    return { top: top + scrollY, left: left + scrollX };
  });

const probe = (page: Page) =>
  page.evaluate(() => {
    const { formless, shift, frames, moved } = window as unknown as Record<string, number> & {
      moved: string[];
    };
    return { formless, shift, frames, moved };
  });

test('an untouched form: the widget takes its place in one frame, no shift, and pays', async ({ page }) => {
  await watchFrames(page);
  const script = await hold(page, WIDGET_SCRIPT);
  const configReads = recordApiRequests(page, /\/api\/v1\/links\//);
  await page.goto(PAGE(), ARRIVED);
  const serverForm = page.locator('#pay-form');
  await expect(heading(page, /Pourboire/)).toBeVisible();
  await script.arrived;
  const before = await boxOf(page, '#pay-form');
  await shot(page, 'upgrade-before');

  script.release();
  const widget = page.locator('pay-checkout');
  await expect(widget.getByRole('button', { name: /^Pay / }).first()).toBeVisible(FINAL);
  await expect(serverForm).toHaveCount(0);
  await shot(page, 'upgrade-after');
  const after = await boxOf(page, 'pay-checkout');
  expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(4);
  expect(Math.abs(after.left - before.left)).toBeLessThanOrEqual(4);
  const { formless, shift, frames, moved } = await probe(page);
  expect(frames).toBeGreaterThan(0);
  expect(formless).toBe(0);
  expect(shift, moved.join('; ')).toBeLessThan(0.1);
  // The config came in the page: the widget asked the API for nothing before it showed.
  expect(configReads).toHaveLength(0);

  await widget.getByLabel(/^Amount/).fill('2500');
  await widget.getByLabel('Phone number').fill('+225 07 00 00 00 00');
  await widget.getByRole('button', { name: /^Pay / }).first().click();
  await expect(heading(page, 'Enter your code')).toBeVisible(FINAL);
  await widget.getByLabel('Code').fill('123456');
  await widget.getByRole('button', { name: 'Confirm' }).click();
  await expect(heading(page, 'Payment successful')).toBeVisible(FINAL);
  await expect(page.getByText(/pay_[0-9a-f]{32}/)).toBeVisible();
});

test('a payer typing while the widget loads keeps the server’s form, untouched, and pays there', async ({
  page,
}) => {
  // In French the widget waits for its messages: the payer begins in that time, as on a slow network.
  const messages = await hold(page, '**/widget/locales/fr.json');
  await page.goto(`${api()}/pay/lnk_tip_ci?lang=fr`, ARRIVED);
  await messages.arrived;
  const loading = await page.locator('pay-checkout').elementHandle();
  await loading!.evaluate((element) => {
    (window as unknown as { offPage: Promise<unknown> }).offPage = new Promise((resolve) =>
      element.addEventListener('pay-ready', resolve, { once: true }),
    );
  });
  await page.getByLabel(/^Montant/).fill('2500');
  const phone = page.getByLabel('Numéro de téléphone');
  await phone.fill('+225 07 00 00 00 00');
  // The widget, not ready yet, is gone: nothing will take the form from under the payer's fingers.
  await expect(page.locator('pay-checkout')).toHaveCount(0);
  messages.release();
  // Let go, it still renders off the page and gets ready there: it takes nothing from the page.
  await page.evaluate(() => (window as unknown as { offPage: Promise<unknown> }).offPage);
  await expect(page.locator('#pay-form')).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue('+225 07 00 00 00 00');
  await expect(page.getByLabel(/^Montant/)).toHaveValue('2500');
  await pay(page);
  await expect(heading(page, 'Saisissez votre code')).toBeVisible(FINAL);
  await expect(page.locator('pay-checkout')).toHaveCount(0);
});

test('a browser that fails the widget’s self-check keeps the server’s form, and pays there', async ({
  page,
}) => {
  await withoutUnicodeRegExps(page);
  await page.goto(PAGE());
  await page.waitForFunction(() => (window as unknown as { payErrors: string[] }).payErrors.length > 0);
  expect(await payErrorCodes(page)).toEqual(['internal']);
  await expect(page.locator('pay-checkout')).toHaveCount(0);
  await page.getByLabel(/^Amount/).fill('2500');
  await page.getByLabel('Phone number').fill('+225 07 00 00 00 00');
  await pay(page);
  await expect(heading(page, 'Enter your code')).toBeVisible(FINAL);
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect(await sandboxStatus(page, await receiptReference(page))).toBe('success');
});

test('the widget throws at Pay: the server’s form comes back with the answers, and pays', async ({
  page,
}) => {
  // What the self-check could not see: the phone rule breaks only once the widget has taken the form.
  await withoutUnicodeRegExps(page, 'pay-ready');
  await page.goto(PAGE());
  const widget = page.locator('pay-checkout');
  await widget.getByLabel(/^Amount/).fill('2500');
  await widget.getByLabel('Phone number').fill('+225 07 00 00 00 00');
  await widget.getByLabel('Email').fill('awa@example.com');
  await widget.getByRole('button', { name: /^Pay / }).first().click();

  await expect(widget).toHaveCount(0);
  await expect(page.locator('#pay-form')).toBeVisible();
  await expect(page.getByLabel(/^Amount/)).toHaveValue('2500');
  await expect(page.getByLabel('Phone number')).toHaveValue('+225 07 00 00 00 00');
  await expect(page.getByLabel('Email')).toHaveValue('awa@example.com');
  await expect(formPayButton(page)).toBeFocused();
  expect(await payErrorCodes(page)).toEqual(['internal']);
  await shot(page, 'given-back');
  await pay(page);
  await expect(heading(page, 'Enter your code')).toBeVisible(FINAL);
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect(await sandboxStatus(page, await receiptReference(page))).toBe('success');
});

test('the widget’s script fails to load: the server’s form stays, and pays', async ({ page }) => {
  await page.route(WIDGET_SCRIPT, (route) => route.abort());
  await page.goto(PAGE());
  await page.getByLabel(/^Amount/).fill('2500');
  await page.getByLabel('Phone number').fill('+225 07 00 00 00 00');
  await pay(page);
  await expect(heading(page, 'Enter your code')).toBeVisible(FINAL);
  await expect(page.locator('pay-checkout')).toHaveCount(0);
});
