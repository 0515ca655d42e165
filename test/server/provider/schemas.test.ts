import { describe, expect, it } from 'vitest';
import {
  CheckoutListQuerySchema,
  ConfirmRequestSchema,
  CustomFieldSchema,
  DEFAULT_LIMITS,
  PaymentLinkListQuerySchema,
  PaymentLinkSchema,
  ProviderWebhookSchema,
} from '../../../server/provider/schemas.ts';

describe('list query schemas', () => {
  it('read page and limit from query-string text, leaving defaults to the sandbox', () => {
    expect(PaymentLinkListQuerySchema.parse({ page: '2', limit: '100' })).toEqual({ page: 2, limit: 100 });
    expect(PaymentLinkListQuerySchema.parse({})).toEqual({});
    expect(DEFAULT_LIMITS).toEqual({ checkouts: 4, disbursements: 4, paymentLinks: 2 });
  });

  it.each(['0', '101', '1.5', 'abc', '', ' 2', '1e2', '-1'])('refuse limit %j', (limit) => {
    expect(PaymentLinkListQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('refuse impossible dates and reversed ranges, accept a one-day range', () => {
    expect(CheckoutListQuerySchema.safeParse({ dateFrom: '2024-02-29' }).success).toBe(true);
    expect(CheckoutListQuerySchema.safeParse({ dateFrom: '2023-02-29' }).success).toBe(false);
    expect(CheckoutListQuerySchema.safeParse({ dateFrom: '2024-03-01', dateTo: '2024-03-01' }).success).toBe(
      true,
    );
    expect(CheckoutListQuerySchema.safeParse({ dateFrom: '2024-03-02', dateTo: '2024-03-01' }).success).toBe(
      false,
    );
  });
});

describe('resource schemas', () => {
  const link = {
    id: 'link-1',
    clientId: 'c',
    title: 'T',
    isAmountFixed: true,
    amount: 100,
    currency: 'NGN',
    country: 'NG',
    isActive: true,
    status: 'active',
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
  };

  it('keep unknown fields and accept a date-only or date-time expiry', () => {
    expect(PaymentLinkSchema.parse({ ...link, brandNew: 1 })).toMatchObject({ brandNew: 1 });
    expect(PaymentLinkSchema.safeParse({ ...link, expiresAt: '2024-12-31' }).success).toBe(true);
    expect(PaymentLinkSchema.safeParse({ ...link, expiresAt: '2024-12-31T23:59:59+01:00' }).success).toBe(
      true,
    );
    expect(PaymentLinkSchema.safeParse({ ...link, expiresAt: 'tomorrow' }).success).toBe(false);
  });

  it.each([
    ['currency', { currency: 'NG' }],
    ['country', { country: 'NGA' }],
    ['amount', { amount: 1.5 }],
    ['status', { status: 'archived' }],
  ])('stay strict about %s', (_label, change) => {
    expect(PaymentLinkSchema.safeParse({ ...link, ...change }).success).toBe(false);
  });

  it('require options on a dropdown custom field, and keep extra properties', () => {
    const field = { label: 'Size', name: 'size', type: 'dropdown', required: true };
    expect(CustomFieldSchema.safeParse(field).success).toBe(false);
    expect(CustomFieldSchema.parse({ ...field, options: ['S'], placeholder: 'Pick' })).toMatchObject({
      placeholder: 'Pick',
    });
  });
});

describe('request and webhook schemas', () => {
  it('accept exactly one kind of customer input on confirm', () => {
    expect(ConfirmRequestSchema.safeParse({ reference: 'r', customerInput: { otp: '123456' } }).success).toBe(
      true,
    );
    expect(
      ConfirmRequestSchema.safeParse({ reference: 'r', customerInput: { customerCode: '654321' } }).success,
    ).toBe(true);
    expect(
      ConfirmRequestSchema.safeParse({ reference: 'r', customerInput: { otp: '1', customerCode: '2' } })
        .success,
    ).toBe(false);
    expect(ConfirmRequestSchema.safeParse({ reference: 'r', customerInput: {} }).success).toBe(false);
  });

  it('tell the two webhooks apart by event', () => {
    const collection = ProviderWebhookSchema.parse({
      event: 'payment.failed',
      clientId: 'c',
      deliveryId: 'd-1',
      data: { reference: 'r', amount: 100, currency: 'XOF', status: 'failed', paidAt: null },
    });
    expect(collection.event).toBe('payment.failed');
    const payout = {
      event: 'disbursement.status',
      clientId: 'c',
      deliveryId: 'd-2',
      data: { reference: 'r', externalReference: 'm', status: 'success', amount: 100, currency: 'XOF' },
    };
    expect(ProviderWebhookSchema.parse(payout).event).toBe('disbursement.status');
    expect(
      ProviderWebhookSchema.safeParse({ ...payout, data: { ...payout.data, status: 'done' } }).success,
    ).toBe(false);
  });
});
