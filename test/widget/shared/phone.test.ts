import { expect, oneEvent } from '@open-wc/testing';
import type { CreatePayment } from '../../../widget/shared/contract.ts';
import { PHONE_PATTERN } from '../../../widget/shared/contract.ts';
import { isPhoneNumber, normalizePhone } from '../../../widget/shared/phone.ts';
import { config, FakeBackend, ok, payment } from '../fake-backend.ts';
import { errorOf, fill, mount, submit } from '../helpers.ts';

const WRITTEN = [
  ['0803 123 4504', '08031234504'],
  ['07 01 23 45 67', '0701234567'],
  ['+234 803-123-4504', '+2348031234504'],
  ['(0803) 123 4504', '08031234504'],
  ['0803.123.4504', '08031234504'],
];

describe('phone numbers as people write them', () => {
  it('normalizes spaces, dashes, dots and parentheses; letters and short numbers stay wrong', () => {
    for (const [typed, plain] of WRITTEN) {
      expect(normalizePhone(typed!), typed).to.equal(plain);
      expect(isPhoneNumber(typed!), typed).to.equal(true);
    }
    for (const typed of ['0803 ABC 4504', '080-31', '(080)', ''])
      expect(isPhoneNumber(typed), typed).to.equal(false);
    expect(isPhoneNumber('07 00 00 00 00', '[0-9]{10}'), "the config's own pattern").to.equal(true);
    expect(isPhoneNumber('07 00', '[0-9]{10}')).to.equal(false);
  });

  it('the form accepts them and sends the plain number; letters and short numbers get the phone message', async () => {
    // As the server describes a phone input: with its pattern, which the browser would test as typed.
    const phone = {
      name: 'phoneNumber',
      label: 'Phone number',
      type: 'tel',
      required: true,
      pattern: PHONE_PATTERN,
    } as const;
    const methods = [{ provider: 'mtn', label: 'MTN MoMo', inputs: [phone] }];
    const backend = new FakeBackend(config({ anonymous: false, methods, hosted: true }));
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
    const { el } = await mount(backend);
    await fill(el, 'customer.name', 'Ada Obi');
    await fill(el, 'customer.email', 'ada@example.com');
    for (const typed of ['0803 ABC 4504', '0803 1']) {
      await fill(el, 'method.phoneNumber', typed);
      submit(el).click();
      await el.updateComplete;
      expect(errorOf(el, 'method.phoneNumber'), typed).to.equal('Enter a valid phone number.');
    }
    await fill(el, 'method.phoneNumber', '(0803) 123 4504');
    expect(errorOf(el, 'method.phoneNumber'), 'the message goes once the number is right').to.equal(
      undefined,
    );
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    const sent = backend.made('POST', 'payments')[0]!.body as CreatePayment;
    expect(sent.method).to.deep.equal({
      kind: 'direct',
      provider: 'mtn',
      phoneNumber: '08031234504',
      returnUrl: location.href,
    });
    expect(sent.customer.phoneNumber).to.equal('08031234504');
  });
});
