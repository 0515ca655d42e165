// The plain Vite TypeScript app (demo/examples/vite): `import 'pay-checkout'`, the element found and
// set up through the package's types, `pay-success` heard on the document.
import { expect, test } from '@playwright/test';
import { REFERENCE } from '../journeys.ts';
import { apiUrl, installBuildAndServe, appUrl, consoleOf, fr, payFixedLinkByOtp } from './apps.ts';

installBuildAndServe('vite', 'installs the packed widget, type-checks with its types and builds', {
  timeoutMs: 240_000,
  env: () => ({ VITE_PAY_API: apiUrl() }),
  command: (port) => ['vite', 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort'],
});

test('pays a link by OTP; the app hears pay-success with its reference', async ({ page }) => {
  const logged = consoleOf(page);
  await page.goto(appUrl('vite'));
  // The customer object, set as a property from the app's script, prefills the form.
  await expect(page.getByLabel(fr.name!)).toHaveValue('Awa Koné');
  await payFixedLinkByOtp(page);
  await expect(page.getByRole('status').filter({ hasText: 'Paid:' })).toHaveText(
    new RegExp(`^Paid: ${REFERENCE.source}$`),
  );
  expect(logged).toEqual([]);
});
