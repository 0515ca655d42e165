// The provider's steps after the form, one sandbox magic phone suffix each (docs/sandbox.md#magic-values).
import { expect, test, type Page } from '@playwright/test';
import {
  FINAL,
  api,
  enterCode,
  expectSuccess,
  heading,
  recordApiRequests,
  sandboxStatus,
  payFixedLink,
  setSandboxStatus,
  shot,
  shownReference,
} from './helpers.ts';

/** Pays `lnk_fixed_ci` with an OTP number, then sends five wrong codes, checking the tries left. */
async function sendFiveWrongCodes(page: Page) {
  await payFixedLink(page, '+2250700000000');
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await shot(page, 'otp');
  // Distinct codes: the same wrong code sent twice is a replay, not a second try.
  for (const [index, code] of ['000001', '000002', '000003', '000004'].entries()) {
    await enterCode(page, 'Code', code);
    await expect(page.getByText('Wrong code.', { exact: true })).toBeVisible();
    // The live region says it too, so a screen reader hears the try that went wrong.
    await expect(page.getByRole('status')).toHaveText(`Wrong code. Tries left: ${4 - index}`);
  }
  await shot(page, 'one-try-left');
  await enterCode(page, 'Code', '000005');
  await expect(heading(page, 'Payment failed')).toBeVisible(FINAL);
  await shot(page, 'failed');
}

test('five wrong OTPs end the payment', async ({ page }) => {
  await sendFiveWrongCodes(page);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Failed at the provider too, not only on screen.
  const reference = await shownReference(page);
  await expect.poll(() => sandboxStatus(page, reference)).toBe('failed');
});

test('five wrong OTPs: the failure screen gives the lockout reason, not the code prompt', async ({ page }) => {
  await sendFiveWrongCodes(page);
  await expect(page.getByText(/Enter the one-time code/)).toHaveCount(0);
  await expect(page.getByText(/Too many wrong codes/)).toBeVisible();
});

test('pending, then success pushed over the event stream', async ({ page }) => {
  const stream = page.waitForRequest((request) =>
    /\/api\/v1\/payments\/pay_[0-9a-f]+\/events$/.test(request.url()),
  );
  // The widget polls (GET /payments/:reference) only when the stream fails or ends early.
  const polls = recordApiRequests(page, /\/api\/v1\/payments\/pay_[0-9a-f]+$/);
  await payFixedLink(page, '+2250700000001');
  await expect(heading(page, 'Approve on your phone')).toBeVisible();
  await shot(page, 'processing');
  expect((await stream).url()).toContain(api());
  await expectSuccess(page);
  expect(polls.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
});

test('pre-otp: the customer code, then success', async ({ page }) => {
  await payFixedLink(page, '+2250700000007');
  await expect(heading(page, 'Get your code')).toBeVisible();
  await shot(page, 'pre-otp');
  await enterCode(page, 'Customer code', '654321');
  await expectSuccess(page);
});

test('bank transfer: account details, paid through the sandbox', async ({ page }) => {
  await payFixedLink(page, '+2250700000009');
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  for (const term of ['Bank', 'Account number', 'Account name', 'Amount', 'Reference'])
    await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  await shot(page, 'bank-transfer');
  // The payer transfers; the provider reports it (here, the sandbox's admin API) under the shown reference.
  await setSandboxStatus(page, await shownReference(page), 'success');
  await expectSuccess(page);
});
