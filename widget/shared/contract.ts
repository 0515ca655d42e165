/**
 * The HTTP API as plain types (docs/api.md#contract): the widget's view of every shape it sends
 * and receives. No runtime code beyond `const` values (lists, the phone rule), no zod, no DOM, no Node:
 * the server's zod
 * schemas in `server/contract/` are type-tested against these, so the two sides cannot drift apart.
 */

// --- Phone numbers ---------------------------------------------------------------------------------

/**
 * The one rule for a phone number, checked once the characters written for readability are dropped:
 * digits with an optional leading +, 6 to 15 of them (E.164's maximum). A pattern string, so it serves
 * an HTML `pattern` attribute and the server's schema alike.
 */
export const PHONE_PATTERN = '\\+?[0-9]{6,15}';

/** What people write in a number for readability (spaces, dashes, dots, parentheses): dropped before the check. */
export const PHONE_READABILITY = /[\s\-.()]/g;

// --- Envelope -------------------------------------------------------------------------------------

export interface Envelope<T> {
  statusCode: number;
  data: T;
}

export interface ListEnvelope<T> {
  statusCode: number;
  total: number;
  page: number;
  pages: number;
  limit: number;
  data: T[];
}

export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'invalid_signature',
  'forbidden',
  'not_found',
  'request_in_progress',
  'link_unavailable',
  'session_paid',
  'payment_in_progress',
  'wallet_busy',
  'payment_not_awaiting_input',
  'payment_not_refundable',
  'already_refunded',
  'not_collected',
  'payload_too_large',
  'unsupported_media_type',
  'idempotency_conflict',
  'amount_out_of_bounds',
  'limit_exceeded',
  'invalid_otp',
  'otp_locked',
  'rate_limited',
  'provider_error',
  'provider_unavailable',
  'provider_timeout',
  'server_busy',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What is wrong with one input, for a client to choose its own words by (the `message` is English for
 * developers, and its wording may change): `required` (missing, blank, or a required box unchecked),
 * `not_a_number`, `too_low` / `too_high` (an amount or number out of its bounds), `too_long` (text),
 * `invalid_email`, `invalid_phone`, and `invalid` for anything else.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'not_a_number',
  'too_low',
  'too_high',
  'too_long',
  'invalid_email',
  'invalid_phone',
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** One offending input: `path` names the field as the request named it, e.g. `fields.company`. */
export interface FieldError {
  path: string;
  code: FieldErrorCode;
  message: string;
}

export interface ApiError {
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  /** With `invalid_otp`: tries left before the payment fails. */
  attemptsLeft?: number;
  /** With `wallet_busy`: seconds the payment already waiting on the phone may still be approved. */
  retryAfter?: number;
}

export interface ErrorEnvelope {
  statusCode: number;
  error: ApiError;
}

// --- Checkout configuration -------------------------------------------------------------------------

export const CUSTOM_FIELD_TYPES = [
  'text',
  'paragraph-text',
  'dropdown',
  'number',
  'date',
  'file-upload',
  'checkbox',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomField {
  name: string;
  label: string;
  type: CustomFieldType;
  required: boolean;
  /** Choices of a `dropdown`. */
  options?: string[];
}

export interface Network {
  name: string;
  value: string;
  image?: string;
}

export interface MethodInput {
  name: string;
  label: string;
  type: 'tel' | 'text' | 'select';
  required: boolean;
  pattern?: string;
  options?: string[];
}

/**
 * What the provider charges the payer on top of the amount, in minor units:
 * `fixed + ceil(amount * basisPoints / 10000)`.
 */
export interface MethodFee {
  basisPoints: number;
  fixed: number;
}

/** A way to pay: a mobile-money provider (direct charge). */
export interface Method {
  provider: string;
  label: string;
  logo?: string;
  channel?: string;
  networks?: Network[];
  inputs: MethodInput[];
  /** The payer's fee for this method, when the provider adds one. */
  fee?: MethodFee;
}

export const CHECKOUT_STATUSES = ['active', 'completed', 'inactive', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export interface AmountRule {
  /** Minor units when the amount is fixed (fixed link or session); null when the payer chooses. */
  fixed: number | null;
  min?: number;
  max?: number;
  /** What is left under the link's `amountLimit`; absent when unlimited. */
  remaining?: number;
}

export interface CheckoutConfig {
  kind: 'link' | 'session';
  id: string;
  title: string;
  description?: string;
  logo?: string;
  locale?: string;
  /**
   * The widget's messages in `locale`'s language (keyed as its English ones), when that language is
   * not English and the server has them: the widget shows them without fetching a locale file.
   */
  messages?: Record<string, string>;
  currency: string;
  /** ISO 4217 minor-unit exponent: XOF 0, NGN 2. */
  currencyExponent: number;
  country: string;
  amount: AmountRule;
  customFields: CustomField[];
  methods: Method[];
  /** Whether the hosted checkout (redirect to the provider's page) is offered. */
  hosted: boolean;
  /** Whether the payer may stay anonymous; when false, name, email and phone are required. */
  anonymous: boolean;
  redirectUrl?: string;
  status: CheckoutStatus;
  expiresAt?: string;
}

// --- Payments ---------------------------------------------------------------------------------------

export const PAYMENT_STATUSES = [
  'pending',
  'processing',
  'success',
  'failed',
  'cancelled',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_ACTIONS = ['otp', 'pre-otp', 'redirect', 'bank-transfer', 'processing', 'none'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/** Statuses after which nothing changes any more. */
export const FINAL_PAYMENT_STATUSES = ['success', 'failed', 'cancelled', 'expired'] as const;

/**
 * Why a payment failed, as a small stable code the payer's interface can word in its own language (the
 * provider's `message` is English, for merchants and logs). Classified by the server from what the
 * provider said (docs/payments.md#failure-codes); a failure it cannot place has no code.
 */
export const FAILURE_CODES = ['insufficient_funds', 'declined', 'cancelled', 'otp_locked'] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

export interface BankTransfer {
  bankName: string;
  accountNumber: string;
  accountName: string;
  expiresAt?: string;
}

export interface Payment {
  reference: string;
  status: PaymentStatus;
  action: PaymentAction;
  /** Minor units. */
  amount: number;
  fee?: number;
  total?: number;
  currency: string;
  currencyExponent: number;
  /**
   * The current step's instructions, in the provider's words (English); absent once the payment is final
   * (a failure's reason is `failureCode`, the provider's text stays the merchant's).
   */
  message?: string;
  /** With status `failed`, when the reason is one of the known ones. */
  failureCode?: FailureCode;
  /** Where to send the payer for action `redirect`. */
  redirectUrl?: string;
  bankTransfer?: BankTransfer;
  /** OTP tries left (action `otp` / `pre-otp`). */
  attemptsLeft?: number;
  /** When the payer's step lapses (ISO 8601). */
  expiresAt?: string;
  paidAt?: string;
  /** Once the payment is final: its receipt page, which the payer can keep, print or forward. */
  receiptUrl?: string;
}

export interface Customer {
  name?: string;
  email?: string;
  phoneNumber?: string;
}

export type FieldAnswer = string | number | boolean;

export type PaymentMethodChoice =
  | { kind: 'hosted'; returnUrl: string }
  | {
      kind: 'direct';
      provider: string;
      network?: string;
      phoneNumber: string;
      /**
       * The widget's page, for a charge the provider answers with its own page (action `redirect`): the
       * payer comes back here with `?pay_reference=`. Without it, that page keeps the payer.
       */
      returnUrl?: string;
    };

export interface CreatePayment {
  link?: string;
  session?: string;
  /** Minor units; only for links where the payer chooses the amount. */
  amount?: number;
  customer: Customer;
  /** Custom-field answers by field name; upload fields hold the upload id. */
  fields: Record<string, FieldAnswer>;
  method: PaymentMethodChoice;
}

export interface CreatedPayment {
  payment: Payment;
  /**
   * 256 unguessable bits (a replay of the creating request answers the same): send it as `Payment-Token`
   * to read, confirm or follow the payment.
   */
  token: string;
}

export type ConfirmPayment = { otp: string } | { customerCode: string };

export interface Upload {
  id: string;
  name: string;
  size: number;
  type: string;
}

// --- Merchant ---------------------------------------------------------------------------------------

export interface CreateSession {
  amount: number;
  currency: string;
  country: string;
  reference?: string;
  customer?: Customer;
  description?: string;
  metadata?: Record<string, string>;
  returnUrl?: string;
  /** Seconds until the session can no longer be paid. */
  expiresIn?: number;
}

export interface CreatedSession {
  id: string;
  expiresAt: string;
}

export interface Payout {
  reference: string;
  providerReference?: string;
  status: 'processing' | 'success' | 'failed';
  final: boolean;
  amount: number;
  currency: string;
  country: string;
  provider: string;
  transferRecipientId: string;
  transferRecipientLabel?: string;
  statusDescription?: string;
  completedAt?: string;
  /** The payment whose money this payout sends back, for a refund. */
  refundOf?: string;
}
