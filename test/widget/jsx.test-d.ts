// Compile-time test of the types the package ships for frameworks (checked by tsc in vitest's typecheck
// mode and by `npm run typecheck`): `<pay-checkout>` in React 19's JSX, and its events on `document`.
// Each `@ts-expect-error` line must fail to compile, or tsc reports the directive as unused. Nothing runs.
import type { JSX } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { Payment, PayCheckout, PayErrorEvent, PaySuccessEvent } from '../../widget/index.ts';

type Props = JSX.IntrinsicElements['pay-checkout'];

describe('<pay-checkout> in JSX', () => {
  it('takes its documented properties, typed', () => {
    const props: Props = {
      session: 'cs_1',
      returnUrl: 'https://shop.example/cart/c_1',
      theme: 'dark',
      popup: true,
      customer: { email: 'ada@example.com' },
      className: 'checkout',
      ref: { current: null },
    };
    void props;
    // @ts-expect-error the theme is light or dark
    const neon: Props = { theme: 'neon' };
    void neon;
    // @ts-expect-error popup is a boolean
    const popup: Props = { popup: 'yes' };
    void popup;
  });

  it('types each onpay-* listener with its event', () => {
    expectTypeOf<Props>().not.toBeAny();
    expectTypeOf<NonNullable<Props['onpay-success']>>().parameter(0).toEqualTypeOf<PaySuccessEvent>();
    expectTypeOf<NonNullable<Props['onpay-error']>>().parameter(0).toEqualTypeOf<PayErrorEvent>();
    expectTypeOf<NonNullable<Props['ref']>>().extract<{ current: unknown }>().toEqualTypeOf<{
      current: PayCheckout | null;
    }>();
  });
});

describe('the events on document and window', () => {
  it('types the detail of a pay-* listener', () => {
    document.addEventListener('pay-success', (event) => {
      expectTypeOf(event.detail.payment).toEqualTypeOf<Payment>();
    });
    window.addEventListener('pay-error', (event) => {
      expectTypeOf(event.detail.status).toEqualTypeOf<number>();
    });
  });
});
