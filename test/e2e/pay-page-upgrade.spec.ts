// The pay page with JavaScript on: the server's form is usable at once, and the widget takes it over
// only when it is ready, in one frame, with what the payer typed meanwhile; the payment then goes
// through the widget. The widget's script is held back (page.route) until the payer has typed.
import { expect, test, type Page, type Route } from '@playwright/test';
import { api, FINAL, heading, recordApiRequests, shot } from './helpers.ts';
import { pay } from './pay-page-steps.ts';

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
    const probe = window as unknown as { formless: number; shift: number; frames: number };
    probe.formless = 0;
    probe.shift = 0;
    probe.frames = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.shift += (entry as unknown as { value: number }).value;
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
    const { formless, shift, frames } = window as unknown as Record<string, number>;
    return { formless, shift, frames };
  });

test('typed before the widget came: kept, in one frame, no shift, and paid through the widget', async ({
  page,
}) => {
  await watchFrames(page);
  const script = await hold(page, WIDGET_SCRIPT);
  const configReads = recordApiRequests(page, /\/api\/v1\/links\//);
  await page.goto(PAGE(), ARRIVED);
  const serverForm = page.locator('#pay-form');
  await expect(heading(page, /Pourboire/)).toBeVisible();
  await script.arrived;
  await page.getByLabel(/^Amount/).fill('2500');
  await page.getByLabel('Phone number').fill('+225 07 00 00 00 00');
  const before = await boxOf(page, '#pay-form');
  await shot(page, 'upgrade-before');

  script.release();
  const widget = page.locator('pay-checkout');
  await expect(widget.getByRole('button', { name: /^Pay / }).first()).toBeVisible(FINAL);
  await expect(serverForm).toHaveCount(0);
  // The answers typed into the server's form are the widget's, and the payer is still in the phone field.
  await expect(widget.getByLabel(/^Amount/)).toHaveValue('2500');
  const phone = widget.getByLabel('Phone number');
  await expect(phone).toHaveValue('+225 07 00 00 00 00');
  await expect(phone).toBeFocused();
  await shot(page, 'upgrade-after');
  const after = await boxOf(page, 'pay-checkout');
  expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(4);
  expect(Math.abs(after.left - before.left)).toBeLessThanOrEqual(4);
  const { formless, shift, frames } = await probe(page);
  expect(frames).toBeGreaterThan(0);
  expect(formless).toBe(0);
  expect(shift).toBeLessThan(0.1);
  // The config came in the page: the widget asked the API for nothing before it showed.
  expect(configReads).toHaveLength(0);

  await widget.getByRole('button', { name: /^Pay / }).first().click();
  await expect(heading(page, 'Enter your code')).toBeVisible(FINAL);
  await widget.getByLabel('Code').fill('123456');
  await widget.getByRole('button', { name: 'Confirm' }).click();
  await expect(heading(page, 'Payment successful')).toBeVisible(FINAL);
  await expect(page.getByText(/pay_[0-9a-f]{32}/)).toBeVisible();
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
