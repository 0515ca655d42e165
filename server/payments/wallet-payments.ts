/**
 * One prompt at a time per wallet and checkout. A payer whose answer to Pay was lost (a dropped
 * connection after the provider pushed its approval prompt) tends to fill the form again and pay: a
 * second prompt on the same phone, and approving both charges them twice. So while a payment of this
 * link or session from this number may still be approved on the phone, a new one is refused (409
 * `wallet_busy`, with how long the first may still be approved) rather than pushed.
 *
 * Payments waiting on the phone: the provider is still being asked (pending, not answered yet), the
 * prompt is out (processing), or a code is being checked (its confirm may turn it into a charge). One
 * that only waits for its code is not: it cannot charge without our confirm, and "Use another number"
 * or a new attempt must stay possible. Another number is never held back, and the answer names no
 * payment and gives no token: whoever knows a number learns only that a payment waits on it.
 *
 * The check runs inside the checkout's lock (see admitPayment), so of two creates at once from one
 * wallet, on any instances, the second sees the first's stored row.
 */
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { ApiError } from '../http/errors.ts';
import type { Executor } from './checkout-lock.ts';
import type { PaymentContext } from './repository.ts';

interface WalletContext extends PaymentContext {
  /** PAYMENT_RESERVATION_MS: how long after its creation the provider may still take a payment. */
  reservationMs: number;
}

/** Throws 409 `wallet_busy` while a payment of `config` from `wallet` waits on the payer's phone. */
export async function assertWalletFree(
  context: WalletContext,
  db: Executor,
  config: CheckoutConfig,
  wallet: string,
): Promise<void> {
  const now = context.clock.now();
  const waiting = await db
    .selectFrom('payments')
    .select(['reference', 'created_at'])
    .where(config.kind === 'link' ? 'link_id' : 'session_id', '=', config.id)
    .where('status', 'in', ['pending', 'processing'])
    .where('phone_number', '=', wallet)
    // Past its reservation the provider can no longer take it, whatever it still says.
    .where('created_at', '>', now - context.reservationMs)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'processing'),
        eb('action', '=', 'processing'),
        eb.and([eb('action', 'in', ['otp', 'pre-otp']), eb('confirming_until', '>', now)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!waiting) return;
  const seconds = Math.ceil((waiting.created_at + context.reservationMs - now) / 1000);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  context.logger.info(
    { reference: waiting.reference, [config.kind]: config.id },
    'payment refused: another from this number waits on the phone',
  );
  throw new ApiError(
    409,
    'wallet_busy',
    `A payment from this number is already waiting on your phone: approve it, or wait ${minutes} minute${minutes === 1 ? '' : 's'}`,
    { retryAfter: Math.max(1, seconds) },
  );
}
