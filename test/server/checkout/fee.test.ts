/**
 * The payer's fee, shown before they commit: the widget's `feeOf` (fed by each method's `fee` in the
 * checkout config) must quote exactly what the provider then charges. Here the provider is the sandbox,
 * whose `feeFor` is its own computation.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { feeOf } from '../../../widget/shared/fee.ts';
import { feeFor } from '../../../server/sandbox/config.ts';
import { loadConfig } from '../../../server/config.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, limitedKePayment } from '../payments/helpers.ts';

let t: AppFixture | undefined;
afterEach(() => t?.close());

describe('the payer fee', () => {
  it("the widget's quote equals the sandbox's charge on any amount and rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          expect(feeOf(amount, { basisPoints: bps, fixed: 0 })).toBe(feeFor(amount, bps));
        },
      ),
      { numRuns: 5_000 },
    );
    expect(feeOf(15_000, undefined)).toBe(0);
    expect(feeOf(150_001, { basisPoints: 150, fixed: 10_000 }), 'fixed + the rounded-up share').toBe(12_251);
    expect(feeOf(2 ** 53 - 1, { basisPoints: 10_000, fixed: 0 }), 'exact beyond a float').toBe(2 ** 53 - 1);
  });

  it.each([
    ['a fixed XOF link', () => fixedCiPayment('+2250700000001'), 15_000, 'lnk_fixed_ci'],
    ['a typed KES amount', () => limitedKePayment(12_345, '+254700000001'), 12_345, 'lnk_limited_ke'],
  ])("%s: the config's method fee gives the total the provider charges", async (_, body, amount, link) => {
    t = await startApp({ sandbox: { collectionFeeBps: 175 } });
    const config = (await t.request('GET', `/api/v1/links/${link}`)).json.data;
    const request = body() as { method: { provider: string } };
    const method = config.methods.find((m: { provider: string }) => m.provider === request.method.provider);
    expect(method.fee).toEqual({ basisPoints: 175, fixed: 0 });
    const { payment } = await created(t, request);
    expect(payment).toMatchObject({
      amount,
      fee: feeOf(amount, method.fee),
      total: amount + feeOf(amount, method.fee),
    });
  });

  it('PAY_PROVIDERS carries an optional fee, validated', () => {
    const base = { PAY_MODE: 'embedded' };
    const entry = { slug: 'mtn-ci', label: 'MTN', country: 'CI', currency: 'XOF' };
    const providers = (list: unknown) =>
      loadConfig({ ...base, PAY_PROVIDERS: JSON.stringify(list) }).providers;
    expect(providers([{ ...entry, fee: { basisPoints: 150, fixed: 25 } }])).toEqual([
      { ...entry, fee: { basisPoints: 150, fixed: 25 } },
    ]);
    expect(providers([entry])).toEqual([entry]);
    for (const fee of [
      { basisPoints: 10_001, fixed: 0 },
      { basisPoints: 1.5, fixed: 0 },
      { basisPoints: 1 },
      { basisPoints: 1, fixed: -1 },
    ])
      expect(() => providers([{ ...entry, fee }]), JSON.stringify(fee)).toThrow(
        /PAY_PROVIDERS is not a list of .*fee/,
      );
  });
});
