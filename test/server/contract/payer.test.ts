/** payerSchema(config): every rule a payer's input must pass, and how failures become API errors. */
import { describe, expect, it } from 'vitest';
import type { CheckoutConfig, Method } from '../../../widget/shared/contract.ts';
import { payerError, payerSchema } from '../../../server/contract/payer.ts';

const OPAY: Method = {
  provider: 'opay-ng',
  label: 'OPay',
  networks: [
    { name: 'OPay wallet', value: 'opay' },
    { name: 'MTN MoMo PSB', value: 'mtn' },
  ],
  inputs: [],
};
const BANKLESS: Method = {
  provider: 'palmpay-ng',
  label: 'PalmPay',
  networks: [{ name: 'PalmPay', value: 'palmpay' }],
  inputs: [],
};

const CONFIG: CheckoutConfig = {
  kind: 'link',
  id: 'lnk_test',
  title: 'Test',
  currency: 'NGN',
  currencyExponent: 2,
  country: 'NG',
  amount: { fixed: null, min: 100_000, max: 5_000_000 },
  customFields: [
    { name: 'company', label: 'Company', type: 'text', required: true },
    { name: 'notes', label: 'Notes', type: 'paragraph-text', required: false },
    { name: 'size', label: 'Size', type: 'dropdown', required: true, options: ['S', 'M', 'L'] },
    { name: 'age', label: 'Age', type: 'number', required: false },
    { name: 'birth', label: 'Birth date', type: 'date', required: false },
    { name: 'proof', label: 'Proof', type: 'file-upload', required: false },
    { name: 'rules', label: 'Rules', type: 'checkbox', required: true },
    { name: 'news', label: 'Newsletter', type: 'checkbox', required: false },
  ],
  methods: [OPAY, BANKLESS],
  hosted: true,
  anonymous: true,
  status: 'active',
};

const DIRECT = { kind: 'direct', provider: 'opay-ng', network: 'opay', phoneNumber: '+2348012345678' };
const VALID = {
  link: 'lnk_test',
  amount: 150_000,
  customer: {},
  fields: { company: 'Acme', size: 'M', rules: true },
  method: DIRECT,
};

function problems(config: CheckoutConfig, input: unknown) {
  const result = payerSchema(config).safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('payerSchema: amount', () => {
  it('accepts a payer amount within bounds and returns it', () => {
    expect(payerSchema(CONFIG).parse(VALID).amount).toBe(150_000);
  });

  it('ignores a browser amount on a fixed checkout and returns the fixed one', () => {
    const fixed = { ...CONFIG, amount: { fixed: 2_500_000 } };
    expect(payerSchema(fixed).parse({ ...VALID, amount: 1 }).amount).toBe(2_500_000);
    expect(payerSchema(fixed).parse({ ...VALID, amount: 'lots' }).amount).toBe(2_500_000);
    const { amount: _omitted, ...withoutAmount } = VALID;
    expect(payerSchema(fixed).parse(withoutAmount).amount).toBe(2_500_000);
  });

  it.each([
    [undefined, 'amount: is required'],
    ['1500', 'amount: must be a number of minor units'],
    [1500.5, 'amount: must be a whole number of minor units'],
    [99_999, 'amount: must be at least NGN 1,000.00'],
    [5_000_001, 'amount: must be at most NGN 50,000.00'],
    [0, 'amount: must be at least NGN 1,000.00'],
  ])('refuses %s', (amount, problem) => {
    expect(problems(CONFIG, { ...VALID, amount })).toEqual([problem]);
  });

  it('without bounds, refuses only amounts of 0 or less', () => {
    const open = { ...CONFIG, amount: { fixed: null } };
    expect(problems(open, { ...VALID, amount: 1 })).toEqual([]);
    expect(problems(open, { ...VALID, amount: 0 })).toEqual(['amount: must be more than 0']);
    expect(problems(open, { ...VALID, amount: -5 })).toEqual(['amount: must be more than 0']);
  });

  it('refuses more than what is left under the limit, naming it', () => {
    const limited = { ...CONFIG, amount: { fixed: null, min: 100_000, max: 5_000_000, remaining: 300_000 } };
    expect(problems(limited, { ...VALID, amount: 300_000 })).toEqual([]);
    expect(problems(limited, { ...VALID, amount: 300_001 })).toEqual([
      'amount: must be at most NGN 3,000.00: that is all this link can still collect',
    ]);
  });

  it('formats bounds with the currency exponent (XOF has none)', () => {
    const xof = {
      ...CONFIG,
      currency: 'XOF',
      currencyExponent: 0,
      amount: { fixed: null, min: 100, max: 100_000 },
    };
    expect(problems(xof, { ...VALID, amount: 100_001 })).toEqual(['amount: must be at most XOF 100,000']);
  });
});

describe('payerError', () => {
  const errorOf = (config: CheckoutConfig, input: unknown) => {
    const result = payerSchema(config).safeParse(input);
    if (result.success) throw new Error('expected a failure');
    return payerError(result.error);
  };

  it('answers 422 amount_out_of_bounds with the bound in the message', () => {
    const error = errorOf(CONFIG, { ...VALID, amount: 5_000_001 });
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'amount_out_of_bounds',
      'The amount must be at most NGN 50,000.00',
    ]);
    expect(error.extra.fields).toEqual([
      { path: 'amount', code: 'too_high', message: 'must be at most NGN 50,000.00' },
    ]);
  });

  it('answers 422 limit_exceeded over what is left', () => {
    const limited = { ...CONFIG, amount: { fixed: null, remaining: 20_000 } };
    const error = errorOf(limited, { ...VALID, amount: 20_001 });
    expect([error.status, error.code]).toEqual([422, 'limit_exceeded']);
  });

  it('answers 400 validation_failed with every field when anything else is wrong too', () => {
    const error = errorOf(CONFIG, { ...VALID, amount: 5_000_001, fields: { size: 'M', rules: true } });
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.extra.fields).toEqual([
      { path: 'amount', code: 'too_high', message: 'must be at most NGN 50,000.00' },
      { path: 'fields.company', code: 'required', message: 'is required' },
    ]);
  });
});

describe('payerSchema: custom fields', () => {
  const withFields = (fields: Record<string, unknown>) => ({
    ...VALID,
    fields: { company: 'Acme', size: 'M', rules: true, ...fields },
  });

  it('keeps answers as given, numbers as numbers, and drops blank optional ones', () => {
    const parsed = payerSchema(CONFIG).parse(
      withFields({
        notes: '   ',
        age: '42',
        birth: '2024-02-29',
        proof: 'upl_0123456789abcdefABCDEF',
        news: false,
      }),
    );
    expect(parsed.fields).toEqual({
      company: 'Acme',
      size: 'M',
      rules: true,
      age: 42,
      birth: '2024-02-29',
      proof: 'upl_0123456789abcdefABCDEF',
      news: false,
    });
  });

  it('keeps markup verbatim: it is data, escaped wherever it is shown', () => {
    const xss = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const parsed = payerSchema(CONFIG).parse({
      ...withFields({ company: xss, notes: xss }),
      customer: { name: xss },
    });
    expect(parsed.fields.company).toBe(xss);
    expect(parsed.fields.notes).toBe(xss);
    expect(parsed.customer.name).toBe(xss);
  });

  it.each([
    [{ company: undefined }, 'fields.company: is required'],
    [{ company: '  ' }, 'fields.company: is required'],
    [{ company: 42 }, 'fields.company: must be text'],
    [{ company: 'x'.repeat(501) }, 'fields.company: must be at most 500 characters'],
    [{ size: 'XXL' }, 'fields.size: must be one of the options'],
    [{ size: undefined }, 'fields.size: is required'],
    [{ age: 'forty' }, 'fields.age: must be a number'],
    [{ age: true }, 'fields.age: must be a number'],
    [{ birth: '2023-02-29' }, 'fields.birth: must be a real date written YYYY-MM-DD'],
    [{ birth: '29/02/2024' }, 'fields.birth: must be a real date written YYYY-MM-DD'],
    [{ rules: false }, 'fields.rules: must be checked'],
    [{ rules: undefined }, 'fields.rules: must be checked'],
    [{ rules: 'yes' }, 'fields.rules: must be checked'],
    [{ news: 'yes' }, 'fields.news: must be true or false'],
    [{ proof: '../../etc/passwd' }, 'fields.proof: must be the id of an upload'],
    [{ compnay: 'Acme' }, 'fields.compnay: is not a field of this checkout'],
  ])('refuses %j', (fields, problem) => {
    const input = withFields(fields);
    for (const [name, value] of Object.entries(fields))
      if (value === undefined) delete input.fields[name as keyof typeof input.fields];
    expect(problems(CONFIG, input)).toEqual([problem]);
  });

  it('refuses more than 50 answers', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'x']));
    expect(problems(CONFIG, { ...VALID, fields: many })).toEqual(['fields: must have at most 50 answers']);
  });
});

describe('payerSchema: customer', () => {
  const named = { ...CONFIG, anonymous: false };

  it('lets an anonymous payer give nothing, but checks what is given', () => {
    expect(problems(CONFIG, { ...VALID, customer: {} })).toEqual([]);
    expect(problems(CONFIG, { ...VALID, customer: { email: 'nope' } })).toEqual([
      'customer.email: must be an email address',
    ]);
    expect(problems(CONFIG, { ...VALID, customer: { phoneNumber: '12' } })).toEqual([
      'customer.phoneNumber: must be 6 to 15 digits, optionally after +',
    ]);
    expect(problems(CONFIG, { ...VALID, customer: { emial: 'a@b.co' } })).toEqual([
      'customer: Unrecognized key: "emial"',
    ]);
  });

  it('reads blank details as not given, and trims the others', () => {
    const parsed = payerSchema(CONFIG).parse({
      ...VALID,
      customer: { name: '', email: ' ada@example.com ', phoneNumber: '  ' },
    });
    expect(parsed.customer).toEqual({ email: 'ada@example.com', phoneNumber: '+2348012345678' });
    expect(
      problems({ ...CONFIG, anonymous: false }, { ...VALID, customer: { name: ' ', email: '' } }),
    ).toEqual(['customer.name: is required', 'customer.email: is required']);
  });

  it('requires name and email when anonymous payments are off, and takes the phone from the charge', () => {
    expect(problems(named, { ...VALID, customer: {} })).toEqual([
      'customer.name: is required',
      'customer.email: is required',
    ]);
    const parsed = payerSchema(named).parse({
      ...VALID,
      customer: { name: ' Ada ', email: 'ada@example.com' },
    });
    expect(parsed.customer).toEqual({ name: 'Ada', email: 'ada@example.com', phoneNumber: '+2348012345678' });
  });

  it('requires the phone for a hosted payment when anonymous payments are off', () => {
    const hosted = {
      ...VALID,
      customer: { name: 'Ada', email: 'ada@example.com' },
      method: { kind: 'hosted', returnUrl: 'https://shop.test/back' },
    };
    expect(problems(named, hosted)).toEqual(['customer.phoneNumber: is required']);
    expect(
      problems(named, { ...hosted, customer: { ...hosted.customer, phoneNumber: '+234 801 234 5678' } }),
    ).toEqual([]);
  });
});

describe('payerSchema: method', () => {
  it('defaults the network of a single-network provider and writes the phone as its wallet (E.164)', () => {
    const parsed = payerSchema(CONFIG).parse({
      ...VALID,
      method: { kind: 'direct', provider: 'palmpay-ng', phoneNumber: '0801 234-5678' },
    });
    expect(parsed.method).toEqual({
      kind: 'direct',
      provider: 'palmpay-ng',
      network: 'palmpay',
      phoneNumber: '+2348012345678',
    });
  });

  it.each([
    ['0803 123 4504', '+2348031234504'],
    ['07 01 23 45 678', '+2347012345678'],
    ['+234 803-123-4504', '+2348031234504'],
    ['(0803) 123 4504', '+2348031234504'],
    ['0803.123.4504', '+2348031234504'],
    ['\u00a00803\t123 4504 ', '+2348031234504'],
    // One wallet in every spelling a payer uses: with or without the country code, its + or 00, or the 0.
    ['2348031234504', '+2348031234504'],
    ['002348031234504', '+2348031234504'],
    ['8031234504', '+2348031234504'],
  ])('reads the phone %j as people write it: %j', (typed, phoneNumber) => {
    const parsed = payerSchema(CONFIG).parse({ ...VALID, method: { ...DIRECT, phoneNumber: typed } });
    expect(parsed.method).toEqual({ ...DIRECT, phoneNumber });
  });

  it.each([
    ['0803 123', 'NG'],
    ['+2250700000001', 'NG'],
    ['0123 456 7890', 'NG'],
  ])('refuses %j: no wallet of the checkout country (%s)', (typed, country) => {
    expect(problems(CONFIG, { ...VALID, method: { ...DIRECT, phoneNumber: typed } })).toEqual([
      `method.phoneNumber: is not a valid phone number in ${country}`,
    ]);
  });

  it.each(['0803 ABC 4504', '080-31', '(080)', '+234 803 123 4504 x12'])(
    'still refuses the phone %j',
    (typed) => {
      expect(problems(CONFIG, { ...VALID, method: { ...DIRECT, phoneNumber: typed } })).toEqual([
        'method.phoneNumber: must be 6 to 15 digits, optionally after +',
      ]);
    },
  );

  it.each([
    [{ ...DIRECT, provider: 'mtn-ci' }, 'method.provider: is not a payment method of this checkout'],
    [{ ...DIRECT, network: 'airtel' }, 'method.network: is not a network of this provider'],
    [{ kind: 'direct', provider: 'opay-ng', phoneNumber: '+2348012345678' }, 'method.network: is required'],
    [
      { ...DIRECT, phoneNumber: '+234-abc' },
      'method.phoneNumber: must be 6 to 15 digits, optionally after +',
    ],
    [
      { ...DIRECT, phoneNumber: '+1234567890123456' },
      'method.phoneNumber: must be 6 to 15 digits, optionally after +',
    ],
    [
      { kind: 'hosted', returnUrl: 'javascript:alert(1)' },
      'method.returnUrl: must be an absolute http(s) URL',
    ],
    [{ kind: 'card' }, "method.kind: Invalid discriminator value. Expected 'hosted' | 'direct'"],
    [{ ...DIRECT, otp: '123456' }, 'method: Unrecognized key: "otp"'],
  ])('refuses %j', (method, problem) => {
    expect(problems(CONFIG, { ...VALID, method })).toEqual([problem]);
  });

  it('offers hosted checkout only where the config does', () => {
    const hosted = { ...VALID, method: { kind: 'hosted', returnUrl: 'https://shop.test/back' } };
    expect(problems(CONFIG, hosted)).toEqual([]);
    expect(problems({ ...CONFIG, hosted: false }, hosted)).toEqual([
      'method.kind: hosted checkout is not offered here',
    ]);
  });
});

describe('payerSchema: which checkout', () => {
  it('requires this checkout’s id and nothing else', () => {
    expect(problems(CONFIG, { ...VALID, link: 'lnk_other' })).toEqual(['link: is not this checkout']);
    expect(problems(CONFIG, { ...VALID, session: 'ses_x' })).toEqual([
      'session: must be absent: this is a link checkout',
    ]);
    expect(problems(CONFIG, { ...VALID, extra: 1 })).toEqual([': Unrecognized key: "extra"']);
  });
});
