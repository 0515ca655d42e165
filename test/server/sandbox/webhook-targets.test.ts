/**
 * Against request forgery (SSRF): a hosted sandbox sends webhooks only to its backend's own URL and to
 * allowed origins. Any other `webhook` in a checkout, a direct charge or a disbursement is a 400
 * ValidationError in the provider's shape, and nothing is stored (the same reference then succeeds).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxConfigInput } from '../../../server/sandbox/config.ts';
import { providerError, startSandbox, type SandboxFixture } from './fixture.ts';

const OWN_URL = 'http://pay.test';
const HOOKS_ORIGIN = 'https://hooks.test';
const EMBEDDED: SandboxConfigInput['webhookTargets'] = { ownUrl: OWN_URL, origins: [HOOKS_ORIGIN] };

let sandbox: SandboxFixture;
afterEach(() => sandbox.close());

const charge = (reference: string, webhook: string) =>
  sandbox.api('POST', '/payments/v1/payments/direct-charge', {
    provider: 'mtn-ci',
    amount: 10_000,
    reference,
    customerInput: { phoneNumber: '2250700000001' },
    webhook,
  });

const checkout = (reference: string, webhook: string) =>
  sandbox.api('POST', '/payments/v1/checkouts', {
    country: 'CI',
    currency: 'XOF',
    amount: 10_000,
    user: { name: 'Awa' },
    reference,
    webhook,
  });

async function payout(reference: string, webhook: string) {
  const recipient = await sandbox.api<{ id: string }>('POST', '/billing/v1/transfer-recipients/validate', {
    provider: 'mtn-ci',
    account: { phoneNumber: '+2250700000001', network: 'mtn' },
  });
  return sandbox.api('POST', '/billing/v1/disbursements', {
    transferRecipientId: recipient.json.data.id,
    amount: 10_000,
    reference,
    webhook,
  });
}

const refusal = providerError(
  400,
  'ValidationError',
  expect.stringMatching(
    /^webhook: this sandbox sends webhooks only to http:\/\/pay\.test\/\.\.\., https:\/\/hooks\.test; add the origin to SANDBOX_WEBHOOK_ALLOWLIST/,
  ),
);

describe.each([
  ['a direct charge', charge],
  ['a hosted checkout', checkout],
  ['a disbursement', payout],
])('%s', (_label, create) => {
  it.each([
    'http://10.0.0.7/internal',
    'http://169.254.169.254/latest/meta-data',
    'http://127.0.0.1:5432/',
    'http://pay.test.evil.test/webhooks/payments',
    'http://pay.test:8080/webhooks/payments',
    'https://pay.test/webhooks/payments',
    'https://hooks.test.evil.test/x',
  ])('is refused with a webhook to %s, storing nothing', async (target) => {
    sandbox = await startSandbox({ config: { webhookTargets: EMBEDDED } });
    const refused = await create('ref-ssrf', target);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual(refusal);
    // Nothing was stored under the reference: it is still free.
    expect((await create('ref-ssrf', `${OWN_URL}/webhooks/payments`)).status).toBe(201);
  });

  it.each([
    `${OWN_URL}/webhooks/payments`,
    `${OWN_URL}/webhooks/disbursements?x=1`,
    `${HOOKS_ORIGIN}/any/path`,
  ])('is accepted with a webhook to %s, and the webhook goes there', async (target) => {
    sandbox = await startSandbox({ config: { webhookTargets: EMBEDDED } });
    expect((await create('ref-ok', target)).status).toBe(201);
    await sandbox.runDue();
    const urls = sandbox.webhooks.deliveries.map((delivery) => delivery.url);
    // A hosted checkout has no outcome until the payer acts; the others report at once.
    if (create !== checkout) expect(urls).toContain(target);
  });
});

describe('webhook targets', () => {
  it('under a PUBLIC_URL with a path, admit only that path', async () => {
    sandbox = await startSandbox({
      config: { webhookTargets: { ownUrl: 'http://pay.test/pay', origins: [] } },
    });
    expect((await charge('ref-1', 'http://pay.test/pay/webhooks/payments')).status).toBe(201);
    expect((await charge('ref-2', 'http://pay.test/payments-elsewhere')).status).toBe(400);
    expect((await charge('ref-3', 'http://pay.test/other')).status).toBe(400);
  });

  it('admit loopback addresses when the sandbox is told to (npm run sandbox on loopback)', async () => {
    sandbox = await startSandbox({ config: { webhookTargets: { origins: [], loopback: true } } });
    expect((await charge('ref-1', 'http://127.0.0.1:8787/webhooks/payments')).status).toBe(201);
    expect((await charge('ref-2', 'http://[::1]:8787/webhooks/payments')).status).toBe(201);
    expect((await charge('ref-3', 'http://localhost:8787/webhooks/payments')).status).toBe(201);
    expect((await charge('ref-4', 'http://10.0.0.7/webhooks/payments')).status).toBe(400);
  });

  it('are unrestricted only when none are configured (a sandbox that only tests reach)', async () => {
    sandbox = await startSandbox();
    expect((await charge('ref-1', 'http://10.0.0.7/webhooks/payments')).status).toBe(201);
  });
});
