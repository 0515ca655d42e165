/** The lifecycle rules as pure decisions (server/payments/lifecycle.ts). */
import { describe, expect, it } from 'vitest';
import { decide, hasLapsed, type ProviderObservation } from '../../../server/payments/lifecycle.ts';
import { fromChargeResult } from '../../../server/payments/provider-answers.ts';
import type { PaymentRow } from '../../../server/store/schema.ts';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

function row(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    reference: 'pay_0123456789abcdef0123456789abcdef',
    token_hash: '0'.repeat(64),
    link_id: 'lnk_fixed_ci',
    session_id: null,
    method: 'direct',
    provider: 'mtn-ci',
    network: 'mtn',
    phone_number: '+2250700000000',
    amount: 15_000,
    fee: null,
    total: null,
    currency: 'XOF',
    currency_exponent: 0,
    country: 'CI',
    status: 'pending',
    action: 'otp',
    message: null,
    redirect_url: null,
    bank_transfer: null,
    wrong_codes: 0,
    last_confirm: null,
    expires_at: NOW + 600_000,
    paid_at: null,
    customer: '{}',
    fields: '{}',
    return_url: null,
    provider_reference: null,
    flag: null,
    reserved: 0,
    confirming_until: null,
    refund_payout: null,
    version: 1,
    verified_at: NOW,
    created_at: NOW,
    updated_at: NOW,
    purged_at: null,
    ...overrides,
  };
}

const provider = (
  status: ProviderObservation['status'],
  extra: Partial<ProviderObservation> = {},
): ProviderObservation => ({
  kind: 'provider',
  status,
  amount: 15_000,
  currency: 'XOF',
  paidAt: NOW + 1000,
  ...extra,
});

const charge = (action: string, data: Record<string, unknown> = {}) => ({
  reference: 'pay_x',
  status: 'pending' as const,
  amount: 15_000,
  charge: 150,
  totalAmount: 15_150,
  action: action as 'otp',
  providersReference: 'PR-1',
  data: { message: 'do this', ...data },
});

describe('provider answers -> status and action', () => {
  it.each([
    ['otp', 'pending', 'otp', NOW + 10 * 60_000],
    ['pre-otp', 'pending', 'pre-otp', NOW + 10 * 60_000],
    ['processing', 'processing', 'processing', null],
  ])('%s -> %s / %s', (action, status, ours, expiresAt) => {
    const observed = fromChargeResult(charge(action), NOW);
    expect(observed).toMatchObject({
      kind: 'step',
      status,
      action: ours,
      patch: { fee: 150, total: 15_150, message: 'do this', expires_at: expiresAt },
    });
  });

  it('redirect keeps the link and lasts 30 minutes', () => {
    expect(fromChargeResult(charge('redirect', { link: 'https://p.test/x' }), NOW)).toMatchObject({
      status: 'pending',
      action: 'redirect',
      patch: { redirect_url: 'https://p.test/x', expires_at: NOW + 30 * 60_000 },
    });
  });

  it('bankTransfer becomes bank-transfer and lapses at its own expiry', () => {
    const details = {
      bankName: 'B',
      accountNumber: '0123',
      accountName: 'PAY',
      expiresAt: '2026-11-22T10:45:00.000Z',
    };
    expect(fromChargeResult(charge('bankTransfer', { bankTransfer: details }), NOW)).toMatchObject({
      status: 'pending',
      action: 'bank-transfer',
      patch: { bank_transfer: JSON.stringify(details), expires_at: Date.parse(details.expiresAt) },
    });
  });
});

describe('forward-only transitions', () => {
  it('success and failed end a pending or processing payment', () => {
    expect(decide(row(), provider('success'))?.patch).toMatchObject({
      status: 'success',
      action: 'none',
      paid_at: NOW + 1000,
    });
    expect(
      decide(row({ status: 'processing', action: 'processing' }), provider('failed'))?.patch,
    ).toMatchObject({ status: 'failed', action: 'none' });
  });

  it('a pending provider status changes nothing', () => {
    expect(decide(row(), provider('pending'))).toBeNull();
  });

  it('a step never moves processing back to waiting, nor a final payment', () => {
    const otp = fromChargeResult(charge('otp'), NOW);
    expect(decide(row({ status: 'processing', action: 'processing' }), otp)).toBeNull();
    expect(decide(row({ status: 'success', action: 'none' }), otp)).toBeNull();
  });

  it('the first final status wins; a conflicting one is flagged once', () => {
    const success = row({ status: 'success', action: 'none' });
    expect(decide(success, provider('success'))).toBeNull();
    expect(decide(success, provider('failed'))).toEqual({
      patch: { flag: 'conflicting_final' },
      conflicting: { stored: 'success', reported: 'failed' },
    });
    expect(decide({ ...success, flag: 'conflicting_final' }, provider('failed'))).toEqual({
      patch: {},
      conflicting: { stored: 'success', reported: 'failed' },
    });
  });

  it('a late provider success wins over expired and cancelled, flagged', () => {
    for (const status of ['expired', 'cancelled']) {
      expect(decide(row({ status, action: 'none' }), provider('success'))?.patch).toMatchObject({
        status: 'success',
        flag: 'late_success',
        paid_at: NOW + 1000,
      });
      expect(decide(row({ status, action: 'none' }), provider('failed'))).toBeNull();
    }
  });

  it('a success for another amount or currency is a failure flagged amount_mismatch', () => {
    for (const seen of [provider('success', { amount: 1_500 }), provider('success', { currency: 'XAF' })]) {
      expect(decide(row(), seen)?.patch).toMatchObject({ status: 'failed', flag: 'amount_mismatch' });
    }
  });

  it('our own decisions apply only while the payer is awaited', () => {
    const expired = { kind: 'local', status: 'expired', message: 'late' } as const;
    expect(decide(row(), expired)?.patch).toMatchObject({ status: 'expired', action: 'none' });
    expect(decide(row({ status: 'processing', action: 'processing' }), expired)).toBeNull();
    expect(decide(row({ status: 'success' }), { kind: 'local', status: 'failed', message: 'x' })).toBeNull();
  });

  it('a step lapses at its expiry, and only while pending', () => {
    expect(hasLapsed(row(), NOW + 599_999)).toBe(false);
    expect(hasLapsed(row(), NOW + 600_000)).toBe(true);
    expect(hasLapsed(row({ status: 'processing' }), NOW + 600_000)).toBe(false);
  });
});
