/**
 * A refused field's words on the pay page follow its code (`FieldError.code`), never its English
 * message: the API's messages are written for developers and may be reworded, and a page that matched
 * their text would then show the payer the wrong words, in any language.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../../server/pay/form-input.ts';
import type { FieldError, FieldErrorCode } from '../../../widget/shared/contract.ts';
import type { Messages } from '../../../widget/shared/en.ts';
import { fill } from '../../../widget/i18n/index.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { create, fixedCiPayment } from '../payments/helpers.ts';
import { Browser, formOf } from './helpers.ts';

const fr = JSON.parse(readFileSync('widget/i18n/fr.json', 'utf8')) as Messages;
const bounds = { min: '100 F CFA', max: '100 000 F CFA' };
const codesOf = (fields: FieldError[]) => Object.fromEntries(fields.map(({ path, code }) => [path, code]));

describe("the pay page's words for a refused field", () => {
  // English that says something else than the code, or nothing a pattern could know.
  const misleading = [
    'is required',
    'must be at least 5',
    'must be at most 9',
    'must be a number',
    'reworded',
  ];

  it.each<[string, FieldErrorCode, string, string]>([
    ['customer.name', 'required', 'customer.name', fr.required],
    ['fields.accept_rules', 'required', 'fields.accept_rules', fr.required],
    ['customer.email', 'invalid_email', 'customer.email', fr.invalidEmail],
    ['customer.phoneNumber', 'invalid_phone', 'method.phoneNumber', fr.invalidPhone],
    ['amount', 'too_low', 'amount', fill(fr.tooLow, { min: bounds.min })],
    ['amount', 'too_high', 'amount', fill(fr.tooHigh, { max: bounds.max })],
    ['fields.target_minutes', 'too_low', 'fields.target_minutes', fr.invalidValue],
    ['fields.target_minutes', 'not_a_number', 'fields.target_minutes', fr.invalidNumber],
    ['fields.medical_notes', 'too_long', 'fields.medical_notes', fr.invalidValue],
    ['fields.birth_date', 'invalid', 'fields.birth_date', fr.invalidValue],
  ])('%s %s: by its code, whatever its English says', (path, code, input, words) => {
    for (const message of misleading) {
      const fields: FieldError[] = [{ path, code, message }];
      expect(fieldMessages(fields, fr, bounds), message).toEqual({ [input]: words });
    }
  });
});

describe("the API's codes, and the pay page's words from them", () => {
  let t: AppFixture;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it("codes each refused input of a payment: the payer's details", async () => {
    const res = await create(t, {
      ...fixedCiPayment('12'),
      customer: { email: 'not-an-email', name: 'x'.repeat(201) },
    });
    expect(res.status).toBe(400);
    expect(codesOf(res.json.error.fields)).toEqual({
      'customer.email': 'invalid_email',
      'customer.name': 'too_long',
      'method.phoneNumber': 'invalid_phone',
    });
  });

  it("codes each refused input of a payment: the checkout's own fields", async () => {
    const res = await create(t, {
      ...fixedCiPayment('+2250700000092', { link: 'lnk_all_fields_sn' }),
      method: { kind: 'direct', provider: 'wave-sn', phoneNumber: '+221770000092' },
      fields: { bib_name: 'Awa', tshirt_size: 'M', target_minutes: 'fast', medical_notes: 'x'.repeat(501) },
    });
    expect(res.status).toBe(400);
    expect(codesOf(res.json.error.fields)).toEqual({
      'fields.target_minutes': 'not_a_number',
      'fields.birth_date': 'required',
      'fields.medical_certificate': 'required',
      'fields.accept_rules': 'required',
    });
  });

  it('codes an amount out of its bounds', async () => {
    const tip = (amount: number) =>
      create(t, fixedCiPayment('+2250700000093', { link: 'lnk_tip_ci', amount, fields: {} }));
    const [low, high] = [await tip(99), await tip(100_001)];
    expect([low.json.error.fields, high.json.error.fields]).toEqual([
      [{ path: 'amount', code: 'too_low', message: 'must be at least XOF 100' }],
      [{ path: 'amount', code: 'too_high', message: 'must be at most XOF 100,000' }],
    ]);
  });

  it('shows the French words on a French page', async () => {
    const browser = new Browser(t);
    const post = async (answers: Record<string, string>) => {
      const page = (await browser.get('/pay/lnk_tip_ci?lang=fr')).text;
      return browser.post('/pay/lnk_tip_ci?lang=fr', formOf(page, answers));
    };
    const email = await post({
      amount: '500',
      'customer.email': 'awa@',
      'method.phoneNumber': '+2250700000094',
    });
    expect(email.status).toBe(400);
    expect(email.text).toContain(fr.invalidEmail);
    const amount = await post({ amount: '50', 'method.phoneNumber': '+2250700000094' });
    expect(amount.status).toBe(422);
    expect(amount.text).toContain(fill(fr.tooLow, { min: '' }).replace(/\.$/, ''));
  });
});
