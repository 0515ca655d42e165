/** The request schemas at run time: what a client may send before any checkout-specific rule applies. */
import { describe, expect, it } from 'vitest';
import { ConfirmPaymentSchema, CreatePaymentSchema } from '../../../server/contract/schemas.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const DIRECT = { kind: 'direct', provider: 'mtn-ci', phoneNumber: '+2250701020304' };

describe('CreatePaymentSchema', () => {
  it('accepts a link payment and a session payment', () => {
    expect(CreatePaymentSchema.parse({ link: 'lnk_a', customer: {}, fields: {}, method: DIRECT })).toEqual({
      link: 'lnk_a',
      customer: {},
      fields: {},
      method: DIRECT,
    });
    expect(
      CreatePaymentSchema.safeParse({
        session: 'ses_a',
        customer: {},
        fields: {},
        method: { kind: 'hosted', returnUrl: 'https://shop.test/x' },
      }).success,
    ).toBe(true);
  });

  it('wants exactly one of link and session, and says so alongside other problems', () => {
    expect(issues(CreatePaymentSchema.safeParse({ customer: {}, fields: {}, method: DIRECT }))).toEqual([
      'link: give exactly one of link and session',
    ]);
    expect(
      issues(
        CreatePaymentSchema.safeParse({
          link: 'a',
          session: 'b',
          customer: {},
          fields: {},
          method: { ...DIRECT, phoneNumber: '1' },
        }),
      ),
    ).toEqual([
      'method.phoneNumber: must be 6 to 15 digits, optionally after +',
      'link: give exactly one of link and session',
    ]);
  });

  it('refuses unknown keys, so typos are caught', () => {
    expect(
      issues(
        CreatePaymentSchema.safeParse({
          link: 'a',
          customer: { phonenumber: '1' },
          fields: {},
          method: DIRECT,
        }),
      ),
    ).toEqual(['customer: Unrecognized key: "phonenumber"']);
    expect(
      issues(
        CreatePaymentSchema.safeParse({
          link: 'a',
          customer: {},
          fields: {},
          method: { ...DIRECT, netwrok: 'x' },
        }),
      ),
    ).toEqual(['method: Unrecognized key: "netwrok"']);
  });

  it('checks the value types of answers and their count', () => {
    expect(
      issues(
        CreatePaymentSchema.safeParse({
          link: 'a',
          customer: {},
          fields: { a: { nested: 1 } },
          method: DIRECT,
        }),
      ),
    ).toEqual(['fields.a: Invalid input']);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i]));
    expect(
      issues(CreatePaymentSchema.safeParse({ link: 'a', customer: {}, fields: many, method: DIRECT })),
    ).toEqual(['fields: at most 50 fields']);
  });

  it('accepts http(s) return URLs only and ids that fit a path', () => {
    for (const returnUrl of ['javascript:alert(1)', 'data:text/html,x', 'ftp://shop.test/', '/relative']) {
      expect(
        issues(
          CreatePaymentSchema.safeParse({
            link: 'a',
            customer: {},
            fields: {},
            method: { kind: 'hosted', returnUrl },
          }),
        ),
      ).toEqual(['method.returnUrl: must be an absolute http(s) URL']);
    }
    expect(
      issues(CreatePaymentSchema.safeParse({ link: 'a/b', customer: {}, fields: {}, method: DIRECT })),
    ).toEqual(['link: may only contain letters, digits, _ and -']);
  });
});

describe('ConfirmPaymentSchema', () => {
  it('accepts an OTP or a customer code, narrowed to one of them', () => {
    expect(ConfirmPaymentSchema.parse({ otp: '123456' })).toEqual({ otp: '123456' });
    expect(ConfirmPaymentSchema.parse({ customerCode: '654321' })).toEqual({ customerCode: '654321' });
  });

  it.each([
    [{ otp: '123' }, 'otp: must be 4 to 10 digits'],
    [{ otp: '12345678901' }, 'otp: must be 4 to 10 digits'],
    [{ otp: '12a456' }, 'otp: must be 4 to 10 digits'],
    [{ customerCode: '' }, 'customerCode: must not be empty'],
    [{ customerCode: 'x'.repeat(65) }, 'customerCode: must be at most 64 characters'],
    [{ otp: '1234', customerCode: '1' }, 'otp: give exactly one of otp and customerCode'],
    [{}, 'otp: give exactly one of otp and customerCode'],
    [{ otp: '123456', amount: 1 }, ': Unrecognized key: "amount"'],
  ])('refuses %j', (input, problem) => {
    expect(issues(ConfirmPaymentSchema.safeParse(input))).toEqual([problem]);
  });
});
