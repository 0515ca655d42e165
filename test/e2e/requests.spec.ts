// What a payer's browser fetches on its way to an enabled Pay button: on 2G each request is a round trip
// of most of a second, so the count is part of the contract. Every request of a cold load is recorded
// until the network is idle (which comes after Pay is enabled): the whole list, not only a prefix, so a
// request added later in the load fails too.
import { expect, test, type Page } from '@playwright/test';
import { api, consoleOf, merchant, payButton } from './helpers.ts';

/** Every request the page sends from now on, as origin-less paths (the merchant's page by its own). */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:') return;
    sent.push(`${url.origin === api() ? 'api' : 'page'} ${url.pathname}`);
  });
  return sent;
}

/** The logos drawn in the widget's form, each fully decoded (an image the policy refused has no size). */
const drawnLogos = (page: Page) =>
  page.locator('pay-checkout img').evaluateAll((images) =>
    images.map((image) => ({
      inline: (image as HTMLImageElement).src.startsWith('data:image/svg+xml,'),
      width: (image as HTMLImageElement).naturalWidth,
    })),
  );

test("the bare embed: its page, the widget, the config and the merchant logo; the providers' logos come inline", async ({
  page,
}) => {
  const sent = recordRequests(page);
  await page.goto(merchant('lnk_fixed_ci', ''));
  await expect(page.locator('pay-checkout [part~="submit"]')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(sent.sort()).toEqual(
    [
      'page /',
      'api /widget/pay-checkout.iife.js',
      'api /api/v1/links/lnk_fixed_ci',
      'api /sandbox/assets/merchant-logo.svg',
    ].sort(),
  );
  // The four providers' logos are drawn from the config, under the merchant's strict policy.
  const logos = await drawnLogos(page);
  expect(logos.filter((image) => image.inline)).toEqual(Array(4).fill({ inline: true, width: 64 }));
});

test('the pay page with JavaScript on: its HTML (stylesheet and config inside), the logo, two deferred scripts', async ({
  page,
}) => {
  const sent = recordRequests(page);
  const logged = consoleOf(page);
  await page.goto(`${api()}/pay/lnk_fixed_ci?lang=en`);
  // Its own <style>, allowed by its hash: applied (the page's 30rem column), and no policy refusal.
  expect(await page.locator('main').evaluate((main) => getComputedStyle(main).maxWidth)).toBe('480px');
  // The server's form, or already the widget that took it over.
  await expect(payButton(page)).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(sent.sort()).toEqual(
    [
      'api /pay/lnk_fixed_ci',
      'api /sandbox/assets/merchant-logo.svg',
      'api /widget/pay-checkout-page.js',
      'api /widget/pay-checkout.iife.js',
    ].sort(),
  );
  expect(logged).toEqual([]);
});
