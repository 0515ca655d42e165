/**
 * Row types of every table, as Kysely sees them. Money and timestamps are integers (minor units, epoch
 * milliseconds UTC); booleans are 0/1 integers and JSON is text, so one set of migrations serves SQLite
 * and PostgreSQL alike.
 */

/** 0 or 1: SQLite has no boolean type. */
type Flag = 0 | 1;

export interface SandboxPaymentLinkRow {
  id: string;
  client_id: string;
  title: string;
  description: string;
  amount: number | null;
  is_amount_fixed: Flag;
  minimum_amount: number | null;
  maximum_amount: number | null;
  amount_limit: number | null;
  currency: string;
  country: string;
  locale: string | null;
  logo: string | null;
  is_anonymous_payment_enabled: Flag;
  redirect_url: string | null;
  /** JSON array of custom fields, stored as given. */
  custom_fields: string;
  /** JSON array of provider slugs (the link's `analytics.clientProviders`). */
  providers: string;
  /** A date (`2026-12-31`) or date-time, as the merchant set it. */
  expires_at: string | null;
  is_active: Flag;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface SandboxTransactionRow {
  reference: string;
  checkout_id: string;
  session_id: string;
  client_id: string;
  /** `checkout` (hosted page) or `direct` (direct charge). */
  kind: string;
  payment_link_id: string | null;
  provider: string | null;
  network: string | null;
  channel: string | null;
  providers_reference: string;
  currency: string;
  country: string;
  amount: number;
  charge: number;
  total_amount: number;
  /** JSON `{name?, email?, phoneNumber?}`. */
  customer: string;
  status: string;
  action: string;
  /** Which magic-value behaviour this charge follows (see sandbox/scenarios.ts). */
  scenario: string;
  otp_attempts: number;
  /** A scheduled outcome: at `due_at` the status becomes `due_status` and a webhook goes out. */
  due_status: string | null;
  due_at: number | null;
  webhook_url: string | null;
  redirect_url: string | null;
  cancel_url: string | null;
  metadata: string | null;
  narration: string | null;
  status_description: string;
  /** JSON bank-transfer instructions for action `bankTransfer`. */
  bank_transfer: string | null;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
}

interface SandboxRecipientRow {
  id: string;
  provider: string;
  account: string;
  account_label: string;
  currency: string;
  country: string;
  channel: string;
  created_at: number;
}

export interface SandboxDisbursementRow {
  id: string;
  /** The service's own reference. */
  reference: string;
  /** The merchant's reference, unique per client. */
  external_reference: string;
  providers_reference: string;
  transfer_recipient_id: string;
  transfer_recipient_label: string;
  amount: number;
  charge: number;
  currency: string;
  country: string;
  provider: string;
  channel: string;
  status: string;
  status_description: string;
  narration: string | null;
  webhook_url: string | null;
  due_status: string | null;
  due_at: number | null;
  created_at: number;
  completed_at: number | null;
}

interface SandboxWalletRow {
  id: string;
  type: string;
  country: string;
  currency: string;
  amount: number;
  status: string;
  updated_at: number;
}

export interface SandboxWebhookDeliveryRow {
  /** The `deliveryId`; retries of this delivery reuse it. */
  id: string;
  event: string;
  reference: string;
  url: string;
  /** The exact bytes that were signed and are sent on every attempt. */
  body: string;
  signature: string;
  /** `pending` (will be tried at `next_attempt_at`), `delivered`, or `failed` (gave up). */
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

interface SandboxWebhookAttemptRow {
  delivery_id: string;
  attempt: number;
  at: number;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

/** A checkout handed from a desktop to a phone ("Pay on your phone"). */
export interface HandoffRow {
  /** `hof_` and 128 random bits: the phone's pay page is `/pay/h/<id>`. */
  id: string;
  /** SHA-256 (base64url) of the token the desktop follows the payment with. */
  follow_hash: string;
  /** SHA-256 (base64url) of the secret of the phone that opened it first; null until one has. */
  claim_hash: string | null;
  kind: 'link' | 'session';
  checkout_id: string;
  /** JSON: the payer's answers by pay-page input name (`amount`, `fields.company`, `customer.email`). */
  answers: string;
  /** The payment the phone made through this handoff (the latest, should a failed one be retried). */
  payment_reference: string | null;
  expires_at: number;
  created_at: number;
}

export interface CheckoutSessionRow {
  id: string;
  amount: number;
  currency: string;
  country: string;
  merchant_reference: string | null;
  customer: string | null;
  description: string | null;
  metadata: string | null;
  return_url: string | null;
  /** Reference of the payment that paid this session; a paid session cannot be paid again. */
  paid_reference: string | null;
  expires_at: number;
  created_at: number;
  /** When RETENTION_DAYS blanked its customer and return URL; null until then. */
  purged_at: number | null;
}

export interface PaymentRow {
  /** Ours: 128 random bits, stored before the first provider call. */
  reference: string;
  /** SHA-256 of the payment token; the token itself is never stored (replays derive it again). */
  token_hash: string;
  link_id: string | null;
  session_id: string | null;
  /** `direct` or `hosted`. */
  method: string;
  provider: string | null;
  network: string | null;
  phone_number: string | null;
  amount: number;
  fee: number | null;
  total: number | null;
  currency: string;
  currency_exponent: number;
  country: string;
  status: string;
  action: string;
  message: string | null;
  redirect_url: string | null;
  bank_transfer: string | null;
  /** Wrong OTP / customer codes so far (5 fail the payment). */
  wrong_codes: number;
  /** JSON `{codeHash, status, body}` of the last confirm, replayed for a repeat of the same code. */
  last_confirm: string | null;
  expires_at: number | null;
  paid_at: number | null;
  customer: string;
  /** JSON custom-field answers by field name. */
  fields: string;
  return_url: string | null;
  provider_reference: string | null;
  /**
   * Why a merchant should look: `late_success`, `amount_mismatch`, `conflicting_final`, `duplicate` (a
   * second success on a checkout session), `over_limit` (a success past the link's `amountLimit`),
   * `found_by_reconciliation` (a success only the provider knew, recorded from the reconciliation report).
   */
  flag: string | null;
  /**
   * 1 while a payment we expired or cancelled may still be collected by the provider (its page, a bank
   * transfer): it keeps counting against the link's limit and keeps its session busy.
   */
  reserved: number;
  /** Epoch ms until which one code confirmation holds the payment; null when none is in flight. */
  confirming_until: number | null;
  /** The payout that sends this payment's money back (the latest, when a failed one was sent again). */
  refund_payout: string | null;
  /** Bumped on every change; the SSE event id. */
  version: number;
  verified_at: number | null;
  created_at: number;
  updated_at: number;
  /** When RETENTION_DAYS blanked its personal data (customer, answers, phone, URLs); null until then. */
  purged_at: number | null;
}

interface IdempotencyKeyRow {
  /** `scope:` and the SHA-256 of the client and its key (server/idempotency/keys.ts). */
  key: string;
  /** SHA-256 of the request body (and route), to tell a replay from a different request. */
  request_hash: string;
  /** `in_flight` or `done`. */
  state: string;
  response_status: number | null;
  /** The answer kept for replays; a payment's token is not in it (it is derived again on replay). */
  response_body: string | null;
  /** The payment or payout reference the request creates under, stored before any work starts. */
  reference: string | null;
  /** While `in_flight`: until when its request owns the key; after it, a retry may take it over. */
  lease_until: number | null;
  created_at: number;
  expires_at: number;
}

export interface UploadRow {
  id: string;
  name: string;
  size: number;
  type: string;
  data: Uint8Array;
  ip: string;
  payment_reference: string | null;
  created_at: number;
  /** Deleted after this unless a payment uses it (then null). */
  expires_at: number | null;
}

/** A console login; the cookie's id is known only to the browser, the row holds its SHA-256 (base64url). */
interface ConsoleSessionRow {
  id_hash: string;
  created_at: number;
  expires_at: number;
}

/**
 * A rate limit's counter on PostgreSQL: `id` is `scope:key@window_start`, `count` the hits admitted in the
 * window from `window_start` (server/rate-limits/window-counter.ts).
 */
interface RateLimitWindowRow {
  id: string;
  window_start: number;
  count: number;
  /** The end of the window after this one (whose sliding estimate still weighs it): then it is purged. */
  expires_at: number;
}

export interface ProviderWebhookRow {
  /** `deliveryId`, else `reference:status`. */
  dedup_key: string;
  event: string;
  reference: string;
  status: string;
  /** The raw bytes as received; emptied ('') by RETENTION_DAYS (they name the payer or recipient). */
  body: string;
  received_at: number;
  processed_at: number | null;
}

export interface Database {
  checkout_sessions: CheckoutSessionRow;
  payment_handoffs: HandoffRow;
  payments: PaymentRow;
  idempotency_keys: IdempotencyKeyRow;
  uploads: UploadRow;
  provider_webhooks: ProviderWebhookRow;
  payout_recipients: PayoutRecipientRow;
  payouts: PayoutRow;
  merchant_notifications: MerchantNotificationRow;
  merchant_notification_attempts: MerchantNotificationAttemptRow;
  console_sessions: ConsoleSessionRow;
  rate_limit_windows: RateLimitWindowRow;
  sandbox_payment_links: SandboxPaymentLinkRow;
  sandbox_transactions: SandboxTransactionRow;
  sandbox_recipients: SandboxRecipientRow;
  sandbox_disbursements: SandboxDisbursementRow;
  sandbox_wallets: SandboxWalletRow;
  sandbox_webhook_deliveries: SandboxWebhookDeliveryRow;
  sandbox_webhook_attempts: SandboxWebhookAttemptRow;
}

/** A transfer recipient validated through us; `id` is the provider's `transferRecipientId`. */
export interface PayoutRecipientRow {
  id: string;
  provider: string;
  currency: string;
  country: string;
  channel: string | null;
  /** The holder as the provider found it, e.g. "Aya Kouassi (MTN Mobile Money ****0001)". */
  label: string;
  /** JSON of the account as validated. */
  account: string;
  created_at: number;
}

/** One payout of the ledger, keyed on our reference (the provider's `externalReference`). */
export interface PayoutRow {
  reference: string;
  /** The merchant's own `reference` from the request, if any (kept for their records). */
  merchant_reference: string | null;
  /** The provider's own reference, known once it answered. */
  provider_reference: string | null;
  transfer_recipient_id: string;
  label: string | null;
  amount: number;
  currency: string;
  country: string;
  provider: string;
  /** `processing`, `success` or `failed`. */
  status: string;
  /** 1 once `success` or `failed`: the first final status stands. */
  final: Flag;
  status_description: string | null;
  narration: string | null;
  version: number;
  /** Last verify with the provider (throttle). */
  verified_at: number | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  /** When RETENTION_DAYS blanked the recipient's label; null until then. */
  purged_at: number | null;
  /** The payment whose money this payout sends back; null for any other payout. */
  refund_of: string | null;
}

/** One Standard Webhooks message to the merchant (the outbox); `id` is its `webhook-id`. */
export interface MerchantNotificationRow {
  id: string;
  /** `payment.succeeded`, `payout.failed`...: names the final status, so unique with `subject`. */
  type: string;
  /** The payment or payout reference the message is about. */
  subject: string;
  /** The exact bytes signed and sent on every attempt, fixed when the row is written. */
  payload: string;
  /** `pending` (tried at `next_attempt_at`), `delivered`, or `failed` (gave up). */
  status: string;
  attempts: number;
  /** Attempt number after which a failure gives up (raised by a manual retry). */
  max_attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
  /** Set when RETENTION_DAYS emptied `payload` (then `{}`): it can no longer be sent again. */
  purged_at: number | null;
}

export interface MerchantNotificationAttemptRow {
  notification_id: string;
  attempt: number;
  at: number;
  /** The merchant's HTTP status, or null when no answer came (network error, timeout). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
