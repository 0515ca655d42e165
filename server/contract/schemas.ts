/**
 * zod schemas of every shape of the backend's API, the server-side twin of the plain
 * types in `widget/shared/contract.ts`: test/server/contract/types.test-d.ts fails when the two drift apart. Each
 * schema carries a registry id (`.meta({id})`) so the OpenAPI document names it. Request schemas are
 * strict: an unknown key is refused, so a typo (`phonenumber`) is caught instead of silently dropped.
 */
import { z } from 'zod';
import { FAILURE_CODES, PAYMENT_ACTIONS, PAYMENT_STATUSES } from '../../widget/shared/contract.ts';
import {
  CountryCodeSchema,
  CurrencyCodeSchema,
  HttpUrlSchema,
  IdSchema,
  InstantSchema,
  MinorUnitsSchema,
  PhoneNumberSchema,
  requiredOr,
} from './common.ts';

export * from './common.ts';
export * from './checkout.ts';
export * from './notifications.ts';

// --- Payments ---------------------------------------------------------------------------------------

export const CustomerSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
    email: z.email('must be an email address').max(254, 'must be at most 254 characters').optional(),
    phoneNumber: PhoneNumberSchema.optional(),
  })
  .meta({ id: 'Customer' });

export const FieldAnswerSchema = z.union([
  z.string().max(5000, 'must be at most 5000 characters'),
  z.number(),
  z.boolean(),
]);

export const PaymentMethodChoiceSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('hosted'), returnUrl: HttpUrlSchema }),
    z.strictObject({
      kind: z.literal('direct'),
      provider: z.string().min(1).max(64),
      network: z.string().min(1).max(64).optional(),
      phoneNumber: PhoneNumberSchema,
      returnUrl: HttpUrlSchema.optional().meta({
        description:
          "Where the provider's page sends the payer back when it answers the charge with `redirect`.",
      }),
    }),
  ])
  .meta({ id: 'PaymentMethodChoice' });

export const CreatePaymentSchema = z
  .strictObject({
    link: IdSchema.optional(),
    session: IdSchema.optional(),
    amount: z.number().optional().meta({
      description: 'Minor units, an integer; only for links where the payer chooses. Ignored when fixed.',
    }),
    customer: CustomerSchema,
    fields: z
      .record(z.string().max(100, 'field names are at most 100 characters'), FieldAnswerSchema)
      .refine((fields) => Object.keys(fields).length <= 50, 'at most 50 fields')
      .meta({
        maxProperties: 50,
        description: 'Custom-field answers by field name; upload fields hold the upload id.',
      }),
    method: PaymentMethodChoiceSchema,
  })
  .refine((input) => (input.link === undefined) !== (input.session === undefined), {
    message: 'give exactly one of link and session',
    path: ['link'],
    // Runs even when other keys fail, so the payer sees every problem at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .meta({ id: 'CreatePayment', description: 'Give exactly one of `link` and `session`.' });

const BankTransferSchema = z
  .object({
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
    expiresAt: InstantSchema.optional(),
  })
  .meta({ id: 'BankTransfer' });

export const PaymentSchema = z
  .object({
    reference: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    action: z.enum(PAYMENT_ACTIONS),
    amount: MinorUnitsSchema,
    fee: MinorUnitsSchema.optional(),
    total: MinorUnitsSchema.optional(),
    currency: CurrencyCodeSchema,
    currencyExponent: z.int().min(0).max(4),
    message: z.string().optional().meta({
      description:
        "The current step's instructions in the provider's words (English); render as text. Absent once the payment is final: a failure's reason is `failureCode`.",
    }),
    failureCode: z.enum(FAILURE_CODES).optional().meta({
      description:
        "With status `failed`, why, when the reason is a known one: a stable code to word in the payer's language. `insufficient_funds`: the payer's balance is too low; `declined`: the provider or the payer refused the payment; `cancelled`: the payer cancelled on the provider's page; `otp_locked`: too many wrong codes. Absent for any other failure: show a generic text.",
    }),
    redirectUrl: z.string().optional(),
    bankTransfer: BankTransferSchema.optional(),
    attemptsLeft: z.int().min(0).optional(),
    expiresAt: InstantSchema.optional(),
    paidAt: InstantSchema.optional(),
    receiptUrl: z.url().optional().meta({
      description:
        "The absolute URL of the payment's receipt page, which works in any browser without the payment token: in the payer's view once the payment is final (success, failed, cancelled, expired), in the merchant's list always (a payment in flight shows its live status there). Link to it, never build it.",
    }),
  })
  .meta({ id: 'Payment' });

const MerchantUploadSchema = z.object({
  field: z.string().meta({ description: 'The file-upload field it answers.' }),
  id: z.string(),
  name: z.string(),
  size: z.int().min(0),
  type: z.string(),
});

const RefundSummarySchema = z.object({
  payout: z
    .string()
    .meta({ description: "The refund payout's reference (`GET /api/v1/payouts/{reference}`)." }),
  status: z.enum(['processing', 'success', 'failed']),
});

/**
 * A payment as the merchant lists it (`GET /api/v1/payments`): the payer's view plus what was paid for,
 * by whom and with what answers. Written out in full rather than extending Payment, so the document
 * lists every field of an item in one place.
 */
export const MerchantPaymentSchema = z
  .object({
    ...PaymentSchema.shape,
    message: z.string().optional().meta({
      description:
        "The provider's text for the payment's last step or its failure (English), for the merchant; the payer's view leaves it out once final.",
    }),
    createdAt: InstantSchema,
    method: z.string().meta({ description: '`direct` or `hosted`.' }),
    provider: z.string().optional().meta({ description: 'The provider slug of a direct charge.' }),
    customer: z
      .record(z.string(), z.string())
      .meta({ description: 'Name, email and phone as the payer gave them; empty once purged.' }),
    fields: z
      .record(z.string(), FieldAnswerSchema)
      .meta({ description: 'Custom-field answers by field name; empty once purged.' }),
    uploads: z
      .array(MerchantUploadSchema)
      .meta({ description: 'The files the answers name; empty once purged.' }),
    link: z.string().optional(),
    session: z.string().optional(),
    flag: z.string().optional().meta({
      description:
        "Why the merchant should look at this payment: `duplicate` (a second success on one checkout session), `over_limit` (a success past the link's `amountLimit`), `late_success`, `amount_mismatch`, `conflicting_final` or `found_by_reconciliation` (a success only the provider knew, recorded from the reconciliation report). A flagged direct payment can be sent back: `POST /api/v1/payments/{reference}/refund`.",
    }),
    payerPhone: z.string().optional().meta({
      description:
        'The number a direct payment was made from, masked to its last four digits (`****0101`): where a refund is sent. Absent for a hosted payment and once purged.',
    }),
    refund: RefundSummarySchema.optional().meta({
      description: 'The payout sending this payment back (the latest, when a failed one was sent again).',
    }),
    purgedAt: InstantSchema.optional().meta({
      description:
        'When RETENTION_DAYS purged the personal data: customer, fields and uploads are then empty.',
    }),
  })
  .meta({ id: 'MerchantPayment' });

export const CreatedPaymentSchema = z
  .object({
    payment: PaymentSchema,
    token: z.string().meta({ description: 'Returned once: send it as `Payment-Token` to read or confirm.' }),
  })
  .meta({ id: 'CreatedPayment' });

const OtpSchema = z.string().regex(/^[0-9]{4,10}$/, 'must be 4 to 10 digits');
const CustomerCodeSchema = z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

/**
 * `{otp}` or `{customerCode}`, exactly one. Parsed as one strict object so a bad code is reported under
 * its own path (a bare union would only say "invalid input"), then narrowed to the union type.
 */
export const ConfirmPaymentSchema = z
  .strictObject({ otp: OtpSchema.optional(), customerCode: CustomerCodeSchema.optional() })
  .refine((input) => (input.otp === undefined) !== (input.customerCode === undefined), {
    message: 'give exactly one of otp and customerCode',
    path: ['otp'],
  })
  .transform((input): { otp: string } | { customerCode: string } =>
    input.otp !== undefined ? { otp: input.otp } : { customerCode: input.customerCode ?? '' },
  )
  .meta({ id: 'ConfirmPayment', description: 'Give exactly one of `otp` and `customerCode`.' });

// --- Uploads, sessions, payouts ---------------------------------------------------------------------

export const UploadSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    size: z.int().min(0).meta({ description: 'Bytes.' }),
    type: z
      .string()
      .meta({ description: 'Media type read from the bytes: image/png, image/jpeg or application/pdf.' }),
  })
  .meta({ id: 'Upload' });

export const CreateSessionSchema = z
  .strictObject({
    amount: z
      .int({ error: requiredOr('must be a whole number of minor units') })
      .positive('must be greater than 0'),
    currency: CurrencyCodeSchema,
    country: CountryCodeSchema,
    reference: z.string().min(1).max(100).optional().meta({ description: "The merchant's own reference." }),
    customer: CustomerSchema.optional(),
    description: z.string().max(500, 'must be at most 500 characters').optional(),
    metadata: z
      .record(z.string().max(40), z.string().max(500))
      .refine((metadata) => Object.keys(metadata).length <= 20, 'at most 20 keys')
      .meta({ maxProperties: 20 })
      .optional(),
    returnUrl: HttpUrlSchema.optional(),
    expiresIn: z.int().min(60).max(604_800).default(3600).meta({ description: 'Seconds (60 to 604800).' }),
  })
  .meta({ id: 'CreateSession' });

export const CreatedSessionSchema = z
  .object({ id: z.string(), expiresAt: InstantSchema })
  .meta({ id: 'CreatedSession' });

export const PayoutSchema = z
  .object({
    reference: z.string(),
    providerReference: z.string().optional(),
    status: z.enum(['processing', 'success', 'failed']),
    final: z.boolean(),
    amount: MinorUnitsSchema,
    currency: CurrencyCodeSchema,
    country: CountryCodeSchema,
    provider: z.string(),
    transferRecipientId: z.string(),
    transferRecipientLabel: z.string().optional(),
    statusDescription: z.string().optional(),
    completedAt: InstantSchema.optional(),
    refundOf: z.string().optional().meta({
      description: 'For a refund: the reference of the payment whose money this payout sends back.',
    }),
  })
  .meta({ id: 'Payout' });
