// Errors reach screen readers: the status live region says what went wrong, and focus lands on the
// field to fix, which is marked invalid and described by its message.
import { expect, oneEvent } from '@open-wc/testing';
import type { PayCheckout } from '../../widget/element/pay-checkout.ts';
import { config, fail, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, control, errorOf, fill, mount, submit } from './helpers.ts';

const live = (el: PayCheckout) => $(el, '[role="status"]')!.textContent!.trim();
const focused = (el: PayCheckout) => el.shadowRoot!.activeElement;

function describedAsInvalid(el: PayCheckout, name: string, message: string) {
  const input = control(el, name);
  expect(input.getAttribute('aria-invalid'), name).to.equal('true');
  expect(errorOf(el, name), name).to.equal(message);
}

describe('<pay-checkout> announces errors', () => {
  it('an invalid submit: the live region says so and focus moves to the first invalid field', async () => {
    const { el } = await mount(new FakeBackend(config({ anonymous: false })));
    expect(live(el)).to.equal('');
    await fill(el, 'customer.email', 'not-an-email');
    submit(el).focus();
    submit(el).click();
    await el.updateComplete;
    expect(live(el)).to.equal('Please correct the highlighted fields.');
    expect(focused(el)).to.equal(control(el, 'customer.name'));
    describedAsInvalid(el, 'customer.name', 'This field is required.');
    describedAsInvalid(el, 'customer.email', 'Enter a valid email address, like name@example.com.');
    await expect(el).to.be.accessible();

    await fill(el, 'customer.name', 'Ada Obi');
    await fill(el, 'customer.email', 'ada@example.com');
    await fill(el, 'method.phoneNumber', '0700000000');
    expect(live(el), 'fixed: nothing left to announce').to.equal('');
  });

  it('a wrong code: the live region says it and the tries left; focus is on the emptied code field', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
    backend.on('POST', 'payments/pay_ref_1/confirm', () =>
      fail(422, 'invalid_otp', 'Invalid OTP', { attemptsLeft: 4 }),
    );
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    expect(live(el)).to.equal('Enter your code');

    submit(el).click();
    await el.updateComplete;
    expect(live(el)).to.equal('This field is required.');
    expect(focused(el)).to.equal(control(el, 'otp'));

    await fill(el, 'otp', '111111');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect(live(el)).to.equal('Wrong code. Tries left: 4');
    expect(focused(el)).to.equal(control(el, 'otp'));
    expect(control(el, 'otp').value).to.equal('');
    describedAsInvalid(el, 'otp', 'Wrong code.');
    await expect(el).to.be.accessible();
  });
});
