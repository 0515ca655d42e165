/**
 * Creating a payment, the admission half: re-validate everything against the
 * checkout's current configuration (the server is the authority, whatever the browser checked), refuse a
 * paid session, and store the payment row with our reference before the provider hears of it. For a link
 * with an amount limit this runs under the link's lock, on a freshly read `remaining`, so concurrent
 * payers cannot overshoot it together. start.ts then calls the provider.
 */
import type { CheckoutConfig, CreatePayment } from '../../widget/shared/contract.ts';
import { assertPayable, unavailability } from '../checkout/availability.ts';
import { payerError, payerSchema, type PayerInput } from '../contract/payer.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { insertRow } from '../store/prepared.ts';
import type { PaymentRow } from '../store/schema.ts';
import type { CheckoutLock, Executor } from './checkout-lock.ts';
import type { PaymentContext } from './repository.ts';
import { checkReturnUrl, type ReturnOrigins } from './return-url.ts';
import { keepUploads, liveUploads } from './payment-uploads.ts';
import { assertNoLivePayment } from './session-payments.ts';
import { assertWalletFree } from './wallet-payments.ts';
import { walletNumber } from '../contract/wallet.ts';
import { hashToken } from './tokens.ts';

export interface CheckoutConfigSource {
  getConfig(
    kind: 'link' | 'session',
    id: string,
    logger?: Logger,
    options?: { fresh?: boolean },
  ): Promise<CheckoutConfig>;
  paymentSucceeded(kind: 'link' | 'session', id: string): void;
  /** A limited link's collected total by the provider's fresh count; null without a limit. */
  collected(id: string, logger?: Logger): Promise<{ limit: number; collected: number } | null>;
}

export interface AdmitContext extends PaymentContext {
  checkout: CheckoutConfigSource;
  locks: CheckoutLock;
  returnOrigins: ReturnOrigins;
  /** PAYMENT_RESERVATION_MS: how long a payment we gave up on may still be collected (holds.ts). */
  reservationMs: number;
  /** Counts a direct charge to `phoneNumber` against its limit; throws 429 over it. */
  countCharge(phoneNumber: string): void | Promise<void>;
}

export interface Admitted {
  row: PaymentRow;
  payer: PayerInput;
  config: CheckoutConfig;
  /** Upload ids the payment's answers name. */
  uploads: string[];
}

export async function admitPayment(
  context: AdmitContext,
  input: CreatePayment,
  reference: string,
  token: string,
): Promise<Admitted> {
  const kind = input.link !== undefined ? 'link' : 'session';
  const id = input.link ?? input.session ?? '';
  const config = await context.checkout.getConfig(kind, id, context.logger);
  // One live payment per session: deciding it alone per session (on every instance, with PostgreSQL)
  // means two tabs starting together cannot both see the session free. The same lock decides the
  // session's wallets.
  if (kind === 'session')
    return context.locks.run(`session:${id}`, (db) =>
      admitWith(context, db, config, input, reference, token),
    );
  if (config.amount.remaining === undefined) {
    // One prompt per wallet and link, decided alone per wallet (an unreadable number is refused below).
    const wallet =
      input.method.kind === 'direct' ? walletNumber(input.method.phoneNumber, config.country) : undefined;
    if (wallet === undefined) return admitWith(context, context.db, config, input, reference, token);
    return context.locks.run(`link:${id}:wallet:${wallet}`, (db) =>
      admitWith(context, db, config, input, reference, token),
    );
  }
  // `remaining` is decided inside the link's lock, on shared state only: our payments that still hold
  // money as stored (the one admitted just before this one is committed) and what the provider counts as
  // collected, asked again rather than taken from this instance's cache, which another instance's
  // success leaves behind. The link's wallets are decided under the same lock.
  return context.locks.run(`link:${id}`, async (db) => {
    const fresh = await context.checkout.getConfig('link', id, context.logger, { fresh: true });
    return admitWith(context, db, fresh, input, reference, token);
  });
}

async function admitWith(
  context: AdmitContext,
  db: Executor,
  config: CheckoutConfig,
  input: CreatePayment,
  reference: string,
  token: string,
): Promise<Admitted> {
  if (config.kind === 'session') {
    const session = await db
      .selectFrom('checkout_sessions')
      .select('paid_reference')
      .where('id', '=', config.id)
      .executeTakeFirst();
    if (session?.paid_reference)
      throw new ApiError(409, 'session_paid', 'This checkout session has already been paid');
  }
  // A payer amount racing for what is left of a link gets the amount's own answer (422 limit_exceeded,
  // naming what is left) rather than "exhausted": their form was valid a moment ago.
  const { fixed, remaining } = config.amount;
  const lastAmountLeft = unavailability(config) === 'exhausted' && fixed === null && (remaining ?? 0) > 0;
  if (!lastAmountLeft) assertPayable(config);
  const parsed = payerSchema(config).safeParse(input);
  if (!parsed.success) throw payerError(parsed.error);
  const payer = parsed.data;
  // Direct or hosted, the payer's way back from the provider's page is checked the same way.
  const { returnUrl } = payer.method;
  if (returnUrl !== undefined) checkReturnUrl(returnUrl, context.returnOrigins);
  const uploads = await liveUploads(db, config, payer, context.clock.now());

  const now = context.clock.now();
  // The payer's schema gives the wallet's one spelling (E.164), whatever the payer typed.
  const direct = payer.method.kind === 'direct' ? payer.method : null;
  // A second prompt to a phone that already has one of this checkout's is refused before anything else
  // is asked of it.
  if (direct) await assertWalletFree(context, db, config, direct.phoneNumber);
  if (config.kind === 'session') await assertNoLivePayment(context, db, config.id);
  // A direct charge sends its number an SMS or an approval prompt: counted per number before anything
  // is stored, so nobody can flood a stranger's phone through this checkout.
  if (direct) await context.countCharge(direct.phoneNumber);
  const row: PaymentRow = {
    reference,
    token_hash: hashToken(token),
    link_id: config.kind === 'link' ? config.id : null,
    session_id: config.kind === 'session' ? config.id : null,
    method: payer.method.kind,
    provider: direct?.provider ?? null,
    network: direct?.network ?? null,
    phone_number: direct?.phoneNumber ?? null,
    amount: payer.amount,
    fee: null,
    total: null,
    currency: config.currency,
    currency_exponent: config.currencyExponent,
    country: config.country,
    // Until the provider answers, the payment counts as in flight (against the link's limit).
    status: 'pending',
    action: 'processing',
    message: null,
    redirect_url: null,
    bank_transfer: null,
    wrong_codes: 0,
    last_confirm: null,
    expires_at: null,
    paid_at: null,
    customer: JSON.stringify(payer.customer),
    fields: JSON.stringify(payer.fields),
    return_url: returnUrl ?? null,
    provider_reference: null,
    flag: null,
    reserved: 0,
    confirming_until: null,
    refund_payout: null,
    version: 1,
    // The provider's answer to the charge is as fresh as a verify.
    verified_at: now,
    created_at: now,
    updated_at: now,
    purged_at: null,
  };
  await insertRow(db, 'payments', row);
  await keepUploads(db, uploads, reference);
  return { row, payer, config, uploads };
}
