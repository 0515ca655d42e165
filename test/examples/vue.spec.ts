// The Vue 3 app (demo/examples/vue): Vite with `isCustomElement`, objects and `returnUrl` bound with
// `.prop`, `@pay-success` handled by a function typed with the package's event class.
import { expect, test } from '@playwright/test';
import type { PayCheckout } from '../../widget/index.ts';
import { REFERENCE } from '../journeys.ts';
import { apiUrl, installBuildAndServe, appUrl, consoleOf, fr, payFixedLinkByOtp } from './apps.ts';

installBuildAndServe('vue', 'installs the packed widget, type-checks with vue-tsc and builds', {
  timeoutMs: 240_000,
  env: () => ({ VITE_PAY_API: apiUrl() }),
  command: (port) => ['vite', 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort'],
});

test('pays a link by OTP; the bound properties reach the element, the app hears pay-success', async ({
  page,
}) => {
  const logged = consoleOf(page);
  await page.goto(appUrl('vue'));
  // Vue set the bound values as the element's properties (`api` too, as the element has one): the
  // customer prefills the form, returnUrl is the element's own, no attribute but the static `link` is left.
  await expect(page.getByLabel(fr.name!)).toHaveValue('Awa Koné');
  const element = page.locator('pay-checkout');
  expect(await element.evaluate((checkout) => (checkout as PayCheckout).returnUrl)).toBe(`${appUrl('vue')}/`);
  expect(await element.evaluate((checkout) => checkout.getAttributeNames().sort())).toEqual(['link']);
  await payFixedLinkByOtp(page);
  await expect(page.getByRole('status').filter({ hasText: 'Paid:' })).toHaveText(
    new RegExp(`^Paid: ${REFERENCE.source}$`),
  );
  expect(logged).toEqual([]);
});
