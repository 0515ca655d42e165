/**
 * The provider writes its refusals and failure reasons in English, for integrators. None of it may reach
 * the payer, in a refusal's `message` or in a failed payment's, whatever language the widget speaks:
 * the payer gets our words (and a `failureCode`), the merchant keeps the provider's text in the list
 * and in the logs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { create, created, fixedCiPayment, get } from '../payments/helpers.ts';

const MERCHANT = { authorization: `Bearer ${TEST_MERCHANT_KEY}` };

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

describe("the provider's refusal of a charge", () => {
  it("is answered in our words, and the provider's text goes to the log", async () => {
    // The link's config is read (and cached) first, so the refusal is the charge's.
    expect((await t.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
    t.sandbox.context.faults.errorRate = 1;

    const res = await create(t, fixedCiPayment('+2250700000001'));

    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      statusCode: 502,
      error: { code: 'provider_error', message: 'The payment provider refused the request' },
    });
    expect(t.logs).toContainEqual(
      expect.objectContaining({
        msg: 'provider failure answered',
        provider: {
          errorCode: 'ProviderError',
          status: 500,
          message: 'Injected fault: the upstream provider failed',
        },
      }),
    );
  });
});

describe('a payment the provider fails for a reason of its own', () => {
  const REASON = 'Wallet frozen by the operator (rule 17)';

  it('reaches the payer as a plain failure without the text; the merchant list keeps it', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000001'));
    const forced = await t.sandbox.app.request(`/_admin/transactions/${reference}/status`, {
      method: 'POST',
      headers: {
        'client-id': t.config.clientId,
        'client-secret': t.config.clientSecret,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ status: 'failed', statusDescription: REASON }),
    });
    expect(forced.status).toBe(200);
    await t.settle();

    const payer = await get(t, reference, token);
    expect(payer.status).toBe(200);
    expect(payer.json.data).toMatchObject({ reference, status: 'failed', action: 'none' });
    expect(payer.json.data).not.toHaveProperty('message');
    expect(payer.json.data).not.toHaveProperty('failureCode');
    expect(payer.text).not.toContain('frozen');

    const list = await t.request('GET', '/api/v1/payments?status=failed', undefined, MERCHANT);
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([
      expect.objectContaining({ reference, status: 'failed', message: REASON }),
    ]);
  });
});
