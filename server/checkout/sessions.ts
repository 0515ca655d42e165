/**
 * Checkout sessions (cart mode): the merchant's server fixes amount, currency and country, the
 * payer only chooses how to pay. The browser can never change a session's amount, and a paid session
 * (`paid_reference` set by the payments engine) cannot be paid again.
 */
import type { CheckoutConfig, CreateSession, CreatedSession, Method } from '../../widget/shared/contract.ts';
import type { Clock } from '../clock.ts';
import { validationFailed } from '../http/errors.ts';
import type { Store } from '../store/database.ts';
import type { CheckoutSessionRow } from '../store/schema.ts';
import { isKnownCurrency } from './currency.ts';
import type { CatalogueEntry } from './methods.ts';
import { randomBase64url } from '../random.ts';

export interface SessionDeps {
  store: Store;
  clock: Clock;
  catalogue: readonly CatalogueEntry[];
  currencyExponents: Readonly<Record<string, number>>;
}

/** 128 random bits: unguessable, since knowing the id is enough to pay (and so to see the amount). */
const newSessionId = () => `ses_${randomBase64url(16)}`;

export function marketProviders(
  catalogue: readonly CatalogueEntry[],
  country: string,
  currency: string,
): string[] {
  return catalogue
    .filter((entry) => entry.country === country && entry.currency === currency)
    .map((entry) => entry.slug);
}

/** Stores a session; refuses one nobody could pay (unknown currency, no provider for the market). */
export async function createSession(
  deps: SessionDeps,
  input: CreateSession & { expiresIn: number },
): Promise<CreatedSession> {
  if (!isKnownCurrency(input.currency, deps.currencyExponents)) {
    throw validationFailed([
      { path: 'currency', code: 'invalid', message: 'is not a known ISO 4217 currency' },
    ]);
  }
  if (marketProviders(deps.catalogue, input.country, input.currency).length === 0) {
    const message = `no payment provider collects ${input.currency} in ${input.country}`;
    throw validationFailed(
      [{ path: 'country', code: 'invalid', message }],
      `The session cannot be paid: ${message}`,
    );
  }
  const now = deps.clock.now();
  const row: CheckoutSessionRow = {
    id: newSessionId(),
    amount: input.amount,
    currency: input.currency,
    country: input.country,
    merchant_reference: input.reference ?? null,
    customer: input.customer ? JSON.stringify(input.customer) : null,
    description: input.description ?? null,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
    return_url: input.returnUrl ?? null,
    paid_reference: null,
    expires_at: now + input.expiresIn * 1000,
    created_at: now,
    purged_at: null,
  };
  await deps.store.db.insertInto('checkout_sessions').values(row).execute();
  return { id: row.id, expiresAt: new Date(row.expires_at).toISOString() };
}

export function findSession(store: Store, id: string): Promise<CheckoutSessionRow | undefined> {
  return store.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function sessionConfig(
  row: CheckoutSessionRow,
  methods: Method[],
  currencyExponent: number,
  now: number,
): CheckoutConfig {
  const status = row.paid_reference !== null ? 'completed' : row.expires_at <= now ? 'expired' : 'active';
  const config: CheckoutConfig = {
    kind: 'session',
    id: row.id,
    title: row.description ?? 'Payment',
    currency: row.currency,
    currencyExponent,
    country: row.country,
    amount: { fixed: row.amount },
    customFields: [],
    methods,
    hosted: true,
    // The merchant knows who pays (it created the session): the payer is not asked for details again.
    anonymous: true,
    status,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
  if (row.return_url) config.redirectUrl = row.return_url;
  return config;
}
