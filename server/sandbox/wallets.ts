/**
 * Wallet balances: one `deposit` wallet (credited by collections) and one `disbursement` wallet (debited
 * by payouts) per country and currency. Balances change only through `moveWallet`, inside the same
 * database transaction as the payment or payout that moves them.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { insertRow, prepared } from '../store/prepared.ts';
import type { Database } from '../store/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type WalletType = 'deposit' | 'disbursement';

export const walletId = (type: WalletType, country: string, currency: string) => `${type}-${country}-${currency}`;

/** Creates the wallet at 0 when missing, so a market without seed data still works. */
export async function ensureWallet(db: Executor, type: WalletType, country: string, currency: string, now: number) {
  const wallet = { id: walletId(type, country, currency), type, country, currency, amount: 0, status: 'active', updated_at: now };
  await insertRow(db, 'sandbox_wallets', wallet, 'id');
}

/** Adds `delta` (negative to debit) in one UPDATE, so concurrent moves never lose each other's writes. */
export async function moveWallet(
  db: Executor,
  type: WalletType,
  country: string,
  currency: string,
  delta: number,
  now: number,
) {
  await ensureWallet(db, type, country, currency, now);
  await addToWallet(db, delta, now, walletId(type, country, currency));
}
const addToWallet = prepared((db, delta: number, now: number, id: string) =>
  db.updateTable('sandbox_wallets').set({ amount: sql`amount + ${delta}`, updated_at: now }).where('id', '=', id),
);

export async function walletBalance(db: Executor, type: WalletType, country: string, currency: string) {
  const row = await db
    .selectFrom('sandbox_wallets')
    .select('amount')
    .where('id', '=', walletId(type, country, currency))
    .executeTakeFirst();
  return row?.amount ?? 0;
}
