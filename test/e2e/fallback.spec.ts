// Below the floor, never an empty box: what the merchant writes inside <pay-checkout> shows whenever the
// widget cannot run (its script fails to load, or the browser lacks what it needs), and stays hidden
// when it runs. A widget whose own code fails once running offers the pay page, never a dead button.
import { expect, test, type Page } from '@playwright/test';
import {
  api,
  fillFixedLink,
  heading,
  payButton,
  payErrorCodes,
  shot,
  withoutUnicodeRegExps,
} from './helpers.ts';

const page = () => `${process.env.E2E_MERCHANT_URL}/?link=lnk_fixed_ci&locale=en&fallback`;
const fallbackLink = (p: Page) => p.getByRole('link', { name: 'Pay on our payment page' });

test('the script fails to load: the fallback link shows', async ({ page: p }) => {
  await p.route('**/widget/pay-checkout.iife.js', (route) => route.abort());
  await p.goto(page());
  await expect(fallbackLink(p)).toBeVisible();
  await shot(p, 'no-script');
});

test('the browser lacks what the widget needs: it stays undefined and the fallback link shows', async ({
  page: p,
}) => {
  // As an engine without AbortController would be (KaiOS 2.5, Android WebView of the Chrome 60s).
  await p.addInitScript(() => {
    Reflect.deleteProperty(window, 'AbortController');
  });
  await p.goto(page());
  await p.waitForFunction(() =>
    [...document.scripts].some((script) => script.src.endsWith('/widget/pay-checkout.iife.js')),
  );
  await p.waitForLoadState('load');
  expect(await p.evaluate(() => customElements.get('pay-checkout') === undefined)).toBe(true);
  await expect(fallbackLink(p)).toBeVisible();
});

test('the widget runs: its form shows and the fallback stays hidden', async ({ page: p }) => {
  await p.goto(page());
  await expect(payButton(p)).toBeVisible();
  await expect(fallbackLink(p)).toBeHidden();
});

// The demo storefront's stylesheet holds the recommended snippet (docs/embedding.md): the widget's height
// while its script is on its way, by an animation of 10 s, so the page does not jump when the widget comes.
const storefrontHeights = (p: Page) =>
  p.evaluate(() => [...document.querySelectorAll('pay-checkout')].map((element) => element.offsetHeight));

test('the storefront holds the widget’s height while its script comes, and shows the fallback at its size once that time is over', async ({
  page: p,
}) => {
  await p.route('**/widget/pay-checkout.iife.js', (route) => route.abort());
  await p.goto(`${process.env.E2E_API_URL}/`);
  expect(await storefrontHeights(p)).toEqual([860, 860]);
  // The 10 s run out (the script failed to load): each box is its link's line, no longer 860 px.
  await p.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
  for (const height of await storefrontHeights(p)) expect(height).toBeLessThan(60);
  await expect(fallbackLink(p).first()).toBeVisible();
});

test('the widget’s code throws at Pay: what happened, and a link to the pay page’s form, in English', async ({
  page: p,
}) => {
  await withoutUnicodeRegExps(p, 'pay-ready');
  await fillFixedLink(p, '+225 07 00 00 00 00');
  await payButton(p).click();
  await expect(heading(p, 'Something went wrong')).toBeVisible();
  await expect(p.getByText('This checkout does not work in this browser.')).toBeVisible();
  await expect(payButton(p)).toHaveCount(0);
  expect(await payErrorCodes(p)).toEqual(['internal']);
  await shot(p, 'broken');
  const payPage = p.getByRole('link', { name: 'Open the payment page' });
  await expect(payPage).toHaveAttribute('href', `${api()}/pay/lnk_fixed_ci?lang=en`);
  await payPage.click();
  await expect(p).toHaveURL(`${api()}/pay/lnk_fixed_ci?lang=en`);
  // In the language the payer was reading (the link's own is French).
  await expect(heading(p, /Abonnement Premium/)).toBeVisible();
  await expect(p.getByLabel('Phone number')).toBeVisible();
});
