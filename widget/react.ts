/**
 * `pay-checkout/react`: the element as a React component, with its events as `onPay*` props. A client
 * module: React Server Components have no `useRef`, so a Server Component that renders it must get a
 * client reference, which the directive below (the module's first statement) asks the framework for.
 */
'use client';

import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { PayCheckout } from './index.ts';

export const PayCheckoutReact = createComponent({
  tagName: 'pay-checkout',
  elementClass: PayCheckout,
  react: React,
  events: {
    onPayReady: 'pay-ready' as EventName<HTMLElementEventMap['pay-ready']>,
    onPaySubmit: 'pay-submit' as EventName<HTMLElementEventMap['pay-submit']>,
    onPayOtpRequired: 'pay-otp-required' as EventName<HTMLElementEventMap['pay-otp-required']>,
    onPayPending: 'pay-pending' as EventName<HTMLElementEventMap['pay-pending']>,
    onPaySuccess: 'pay-success' as EventName<HTMLElementEventMap['pay-success']>,
    onPayFailed: 'pay-failed' as EventName<HTMLElementEventMap['pay-failed']>,
    onPayCancel: 'pay-cancel' as EventName<HTMLElementEventMap['pay-cancel']>,
    onPayError: 'pay-error' as EventName<HTMLElementEventMap['pay-error']>,
  },
});
