/**
 * The pay page's form carries its payment's Idempotency-Key (`_key`), so a form sent twice makes one
 * payment. A fresh key on every form would lose that across Back or a reload: a payer whose answer to
 * Pay was lost (the prompt already on their phone) gets a new form, sends it, and a second prompt goes
 * out. So a browser's keys are not random but its own sequence (form-token.ts `attemptKey`, from its
 * nonce cookie and the server's secret): the form it is given carries the first key of the sequence
 * that is not spent. A key is spent once its payment is answered in a way the payer has seen or can act
 * on (final, a code to type, a page to finish, a refusal); an attempt nobody answered yet (still
 * running, or its payment waiting on the phone) keeps its key, so the form sent again replays it and
 * leads to that payment's page instead of starting another.
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { heldByAnother, storageKeyOf } from '../idempotency/keys.ts';
import { findPayment } from '../payments/repository.ts';
import { checkoutClient } from '../payments/routes.ts';
import type { Database } from '../store/schema.ts';

/** Attempts looked at per form; a browser past them (many payments in a day) gets random keys. */
const MAX_ATTEMPTS = 8;

interface AttemptKeys {
  attemptKey(c: Context, scope: string, attempt: number): string;
}

export function formAttempts(db: Kysely<Database>, forms: AttemptKeys, now: () => number) {
  /** The live row of `key` (undefined when released, never taken or lapsed), unless another client holds it. */
  async function rowOf(realm: string, client: string, key: string) {
    // Sent from this checkout by another browser (or this one before its User-Agent changed): the API
    // would refuse it to this one, so it is no key to give this form.
    if (await heldByAnother(db, { scope: 'payments', realm, client, key, now: now() }))
      return 'held' as const;
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['state', 'request_hash', 'response_status', 'reference', 'expires_at'])
      .where('key', '=', storageKeyOf('payments', client, key))
      .executeTakeFirst();
    return row && row.expires_at > now() ? row : undefined;
  }

  /** Whether the attempt under `key` is open: never answered, or its payment waits on the phone. */
  async function state(realm: string, client: string, key: string): Promise<'free' | 'open' | 'spent'> {
    const row = await rowOf(realm, client, key);
    if (row === 'held') return 'spent';
    // Released (nothing was made: a 5xx, a limit) or lapsed: the key may be sent again as new.
    if (!row) return 'free';
    if (row.state !== 'done') return 'open';
    if (row.response_status !== 201 || row.reference === null) return 'spent';
    const payment = await findPayment(db, row.reference);
    const onPhone =
      payment?.status === 'processing' || (payment?.status === 'pending' && payment.action === 'processing');
    return onPhone ? 'open' : 'spent';
  }

  return {
    /** The key of the form `c`'s browser is given for `checkout`. */
    async keyFor(c: Context, checkout: Pick<CheckoutConfig, 'kind' | 'id'>): Promise<string> {
      const client = checkoutClient(checkout.kind, checkout.id, c.req.header('user-agent'));
      const realm = `${checkout.kind}:${checkout.id}`;
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const key = forms.attemptKey(c, realm, attempt);
        if ((await state(realm, client, key)) !== 'spent') return key;
      }
      return randomUUID();
    },

    /**
     * The key a post of the form carrying `posted` is made under, `requestHash` being its answers'. The
     * posted key itself when its attempt has these answers or none yet. Answers of their own (a payer who
     * typed a wrong number, its prompt still waiting, now types the right one) are another attempt: the
     * browser's next key that is free or was made with these same answers, so the right number is paid
     * and each set of answers sent again leads to its own payment (a second push to one wallet is still
     * refused as `wallet_busy`). A key outside the browser's sequence is kept: the API refuses it.
     */
    async keyForPost(
      c: Context,
      checkout: Pick<CheckoutConfig, 'kind' | 'id'>,
      posted: string,
      requestHash: string,
    ): Promise<string> {
      const client = checkoutClient(checkout.kind, checkout.id, c.req.header('user-agent'));
      const realm = `${checkout.kind}:${checkout.id}`;
      const postedRow = await rowOf(realm, client, posted);
      if (postedRow === undefined || (postedRow !== 'held' && postedRow.request_hash === requestHash))
        return posted;
      let past = false;
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const key = forms.attemptKey(c, realm, attempt);
        if (!past) {
          past = key === posted;
          continue;
        }
        const row = await rowOf(realm, client, key);
        if (row === undefined || (row !== 'held' && row.request_hash === requestHash)) return key;
      }
      return posted;
    },
  };
}
