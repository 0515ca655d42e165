/**
 * The server's zod schemas against the widget's plain types: a type-level test, so a
 * field added, renamed or made optional on one side only fails `tsc` and this suite. Requests compare
 * the input side (what a client may send; `expiresIn` has a default), answers the output side.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ApiError,
  CheckoutConfig,
  ConfirmPayment,
  CreatePayment,
  CreateSession,
  CreatedPayment,
  CreatedSession,
  CustomField,
  Customer,
  Envelope,
  ErrorEnvelope,
  FieldError,
  ListEnvelope,
  Method,
  MethodInput,
  Network,
  Payment,
  PaymentMethodChoice,
  Payout,
  Upload,
} from '../../../widget/shared/contract.ts';
import {
  ApiErrorSchema,
  CheckoutConfigSchema,
  ConfirmPaymentSchema,
  CreatePaymentSchema,
  CreateSessionSchema,
  CreatedPaymentSchema,
  CreatedSessionSchema,
  CustomFieldSchema,
  CustomerSchema,
  ErrorEnvelopeSchema,
  FieldErrorSchema,
  MethodInputSchema,
  MethodSchema,
  NetworkSchema,
  PaymentMethodChoiceSchema,
  PaymentSchema,
  PayoutSchema,
  UploadSchema,
  envelope,
  listEnvelopeSchema,
} from '../../../server/contract/schemas.ts';

describe('server/contract schemas match widget/shared/contract.ts types', () => {
  it('answers (output side)', () => {
    expectTypeOf<z.output<typeof CheckoutConfigSchema>>().toEqualTypeOf<CheckoutConfig>();
    expectTypeOf<z.output<typeof CustomFieldSchema>>().toEqualTypeOf<CustomField>();
    expectTypeOf<z.output<typeof NetworkSchema>>().toEqualTypeOf<Network>();
    expectTypeOf<z.output<typeof MethodInputSchema>>().toEqualTypeOf<MethodInput>();
    expectTypeOf<z.output<typeof MethodSchema>>().toEqualTypeOf<Method>();
    expectTypeOf<z.output<typeof PaymentSchema>>().toEqualTypeOf<Payment>();
    expectTypeOf<z.output<typeof CreatedPaymentSchema>>().toEqualTypeOf<CreatedPayment>();
    expectTypeOf<z.output<typeof CreatedSessionSchema>>().toEqualTypeOf<CreatedSession>();
    expectTypeOf<z.output<typeof UploadSchema>>().toEqualTypeOf<Upload>();
    expectTypeOf<z.output<typeof PayoutSchema>>().toEqualTypeOf<Payout>();
    expectTypeOf<z.output<typeof FieldErrorSchema>>().toEqualTypeOf<FieldError>();
    expectTypeOf<z.output<typeof ApiErrorSchema>>().toEqualTypeOf<ApiError>();
    expectTypeOf<z.output<typeof ErrorEnvelopeSchema>>().toEqualTypeOf<ErrorEnvelope>();
  });

  it('requests (input side, and the output a handler receives)', () => {
    expectTypeOf<z.input<typeof CreatePaymentSchema>>().toEqualTypeOf<CreatePayment>();
    expectTypeOf<z.output<typeof CreatePaymentSchema>>().toEqualTypeOf<CreatePayment>();
    expectTypeOf<z.output<typeof CustomerSchema>>().toEqualTypeOf<Customer>();
    expectTypeOf<z.output<typeof PaymentMethodChoiceSchema>>().toEqualTypeOf<PaymentMethodChoice>();
    expectTypeOf<z.output<typeof ConfirmPaymentSchema>>().toEqualTypeOf<ConfirmPayment>();
    expectTypeOf<z.input<typeof CreateSessionSchema>>().toEqualTypeOf<CreateSession>();
    // The default fills expiresIn: what a handler gets is a CreateSession with it always present.
    expectTypeOf<z.output<typeof CreateSessionSchema>>().toExtend<CreateSession>();
    expectTypeOf<z.output<typeof CreateSessionSchema>['expiresIn']>().toEqualTypeOf<number>();
  });

  it('envelopes', () => {
    expectTypeOf<z.output<ReturnType<typeof envelope<typeof PaymentSchema>>>>().toEqualTypeOf<
      Envelope<Payment>
    >();
    expectTypeOf<z.output<ReturnType<typeof listEnvelopeSchema<typeof PayoutSchema>>>>().toEqualTypeOf<
      ListEnvelope<Payout>
    >();
  });
});
