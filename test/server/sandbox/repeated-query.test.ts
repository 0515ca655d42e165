/**
 * The sandbox's lists follow the merchant lists' rule for a repeated query parameter: refused (400
 * ValidationError naming it, in the provider's format), never a silent pick of its first value.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type SandboxFixture } from './fixture.ts';

let sandbox: SandboxFixture;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

it.each([
  ['/payments/v1/payment-links', 'limit=5&limit=7'],
  ['/payments/v1/checkouts', 'limit=5&limit=7'],
  ['/billing/v1/disbursements', 'limit=5&limit=5'],
  ['/billing/v1/wallets', 'currency=XOF&currency=NGN'],
  ['/_admin/webhook-deliveries', 'reference=a&reference=b'],
])('%s?%s is a 400 ValidationError naming the parameter', async (path, query) => {
  const res = await sandbox.api('GET', `${path}?${query}`);
  expect(res.status).toBe(400);
  expect(res.json).toEqual({
    statusCode: 400,
    error: `${query.split('=')[0]}: must be given at most once`,
    errorCode: 'ValidationError',
  });
});
