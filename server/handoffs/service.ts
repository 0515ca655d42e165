/**
 * "Pay on your phone": a desktop payer hands the checkout to a phone through a QR code of
 * `/pay/h/<id>`. The handoff keeps what the payer had typed (amount, custom-field answers, details) so the
 * phone's form opens filled in, and, once the phone pays through it, that payment; the desktop follows
 * it with a follow token only it holds (the QR code carries the id alone). The first phone to open it
 * claims it (`claim`): someone who sees the screen afterwards gets neither the answers nor a form to pay
 * with, nor the payment's result. A handoff expires after `handoffTtlMs`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import type { Clock } from '../clock.ts';
import { CustomerSchema, FieldAnswerSchema, IdSchema } from '../contract/schemas.ts';
import { payerError, payerSchema } from '../contract/payer.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { randomBase64url } from '../random.ts';
import type { Store } from '../store/database.ts';
import type { Database, HandoffRow } from '../store/schema.ts';
import type { Kysely } from 'kysely';

export const CreateHandoffSchema = z
  .strictObject({
    link: IdSchema.optional(),
    session: IdSchema.optional(),
    lang: z.string().max(35, 'a language tag is at most 35 characters').optional().meta({
      description:
        "The phone page's language (en, fr, sw, ha, yo, wo, or a locale of one); another is ignored.",
    }),
    amount: z.int('must be an integer in minor units').optional(),
    customer: CustomerSchema.optional(),
    fields: z
      .record(z.string().max(100, 'field names are at most 100 characters'), FieldAnswerSchema)
      .refine((fields) => Object.keys(fields).length <= 50, 'at most 50 fields')
      .optional(),
  })
  .refine((input) => (input.link === undefined) !== (input.session === undefined), {
    message: 'give exactly one of link and session',
    path: ['link'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type CreateHandoff = z.infer<typeof CreateHandoffSchema>;

/** A handoff id: `hof_` and 128 random bits, unguessable since it opens the payer's answers. */
const HANDOFF_ID = /^hof_[A-Za-z0-9_-]{22}$/;
export const isHandoffId = (id: string) => HANDOFF_ID.test(id);

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

/** Whether `token` is the one `hash` was made of, in constant time. */
function matches(token: string | undefined, hash: string | null): boolean {
  if (!token || hash === null) return false;
  const given = Buffer.from(hashOf(token));
  const expected = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface HandoffDeps {
  store: Store;
  clock: Clock;
  ttlMs: number;
}

export interface CreatedHandoff {
  id: string;
  /** Only the desktop gets it: it opens the result of the payment made through the handoff. */
  followToken: string;
  expiresAt: string;
}

/** Whether an issue's path is about something the payer gave (a missing answer is for the phone to give). */
function given(input: Omit<CreateHandoff, 'link' | 'session'>, path: PropertyKey[]): boolean {
  const [part, name] = path;
  if (part === 'amount') return input.amount !== undefined;
  if (part === 'fields') return typeof name === 'string' && input.fields?.[name] !== undefined;
  if (part === 'customer') return typeof name === 'string' && name in (input.customer ?? {});
  return false;
}

/**
 * The answers as the pay page's inputs name them, checked by the checkout's own payer schema (the one a
 * payment is checked with) for what the payer gave: an amount within its bounds (ignored when fixed), the
 * checkout's own fields with valid values, valid details. A file cannot move to the phone.
 */
export function answersFor(config: CheckoutConfig, input: Omit<CreateHandoff, 'link' | 'session'>) {
  const files = config.customFields
    .filter((field) => field.type === 'file-upload')
    .map((field) => field.name);
  const sent = Object.keys(input.fields ?? {}).find((name) => files.includes(name));
  if (sent)
    throw validationFailed([
      { path: `fields.${sent}`, code: 'invalid', message: 'a file cannot be handed to the phone' },
    ]);
  const candidate = {
    [config.kind]: config.id,
    amount: input.amount,
    customer: input.customer ?? {},
    fields: input.fields ?? {},
    method: { kind: 'hosted', returnUrl: 'https://example.invalid/' },
  };
  const parsed = payerSchema(config).safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.filter((issue) => given(input, issue.path));
    if (issues.length) throw payerError(new z.ZodError(issues));
  }
  const answers: Record<string, string> = {};
  if (input.amount !== undefined && config.amount.fixed === null) answers.amount = String(input.amount);
  for (const [name, value] of Object.entries(input.fields ?? {})) answers[`fields.${name}`] = String(value);
  for (const [name, value] of Object.entries(input.customer ?? {}))
    if (value !== undefined) answers[`${name === 'phoneNumber' ? 'method' : 'customer'}.${name}`] = value;
  return answers;
}

/** The payments a handoff may be paid again after: the payer's next try replaces them. */
export const ENDED_WITHOUT_SUCCESS = ['failed', 'cancelled', 'expired'] as const;

export function handoffService(deps: HandoffDeps) {
  const { store, clock, ttlMs } = deps;

  async function create(config: CheckoutConfig, answers: Record<string, string>): Promise<CreatedHandoff> {
    const now = clock.now();
    const followToken = randomBase64url(32);
    const row: HandoffRow = {
      id: `hof_${randomBase64url(16)}`,
      follow_hash: hashOf(followToken),
      claim_hash: null,
      kind: config.kind,
      checkout_id: config.id,
      answers: JSON.stringify(answers),
      payment_reference: null,
      expires_at: now + ttlMs,
      created_at: now,
    };
    await store.db.insertInto('payment_handoffs').values(row).execute();
    return { id: row.id, followToken, expiresAt: new Date(row.expires_at).toISOString() };
  }

  async function find(id: string): Promise<HandoffRow> {
    const row = isHandoffId(id)
      ? await store.db.selectFrom('payment_handoffs').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!row) throw new ApiError(404, 'not_found', 'Handoff not found');
    return row;
  }
  const expired = () => new ApiError(404, 'not_found', 'Handoff expired: make a new QR code');

  /** An open handoff (known, not expired); 404 `not_found` otherwise (an expired one is as good as gone). */
  async function open(id: string): Promise<HandoffRow> {
    const row = await find(id);
    if (Number(row.expires_at) <= clock.now()) throw expired();
    return row;
  }

  /**
   * The handoff its desktop follows: the follow token must match, else 401 `invalid_token`. Once a payment
   * was made through it, it is followed past its expiry: a payment under way when the QR code expires
   * still reaches the desktop, which would otherwise send the payer back to pay again.
   */
  async function followed(id: string, followToken: string | undefined): Promise<HandoffRow> {
    const row = await find(id);
    if (Number(row.expires_at) <= clock.now() && !row.payment_reference) throw expired();
    if (!matches(followToken, row.follow_hash))
      throw new ApiError(401, 'unauthorized', 'A valid Handoff-Token is required for this handoff');
    return row;
  }

  /**
   * Records the payment made through the handoff, unless it already follows another that may still
   * succeed or did: then that one stays (the first of two phones paying at once, or the payer's payment
   * when someone who saw the QR code pays too). A payment that ended without success may be replaced by
   * the payer's next try.
   */
  async function attach(id: string, reference: string): Promise<void> {
    await store.db
      .updateTable('payment_handoffs')
      .set({ payment_reference: reference })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('payment_reference', 'is', null),
          eb(
            'payment_reference',
            'in',
            eb.selectFrom('payments').select('reference').where('status', 'in', ENDED_WITHOUT_SUCCESS),
          ),
        ]),
      )
      .execute();
  }

  /**
   * The phone a handoff belongs to: the first to open it gets a claim secret (`{ token }`, for it to keep),
   * and only the one that presents it again is let in (`{}`); any other is not (`undefined`). One update
   * conditioned on no claim yet, so two phones opening at the very same moment cannot both win.
   */
  async function claim(
    row: HandoffRow,
    presented: string | undefined,
  ): Promise<{ token?: string } | undefined> {
    if (row.claim_hash !== null) return matches(presented, row.claim_hash) ? {} : undefined;
    const token = randomBase64url(32);
    const result = await store.db
      .updateTable('payment_handoffs')
      .set({ claim_hash: hashOf(token) })
      .where('id', '=', row.id)
      .where('claim_hash', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { token } : undefined;
  }

  /** Whether `followToken` is the desktop's own (it may open its handoff's form without claiming it). */
  const isFollower = (row: HandoffRow, followToken: string | undefined) =>
    matches(followToken, row.follow_hash);

  return { create, open, followed, attach, claim, isFollower };
}
export type HandoffService = ReturnType<typeof handoffService>;

/**
 * How long a handoff is kept after it expires: long enough for a payment made through it to end (it is
 * followed past the expiry), then its answers (the payer's name, email and phone) go.
 */
export const HANDOFF_KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Deletes the handoffs expired more than a day ago: the number deleted. */
export async function purgeLapsedHandoffs(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('payment_handoffs')
    .where('expires_at', '<=', now - HANDOFF_KEPT_AFTER_EXPIRY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const handoffAnswers = (row: HandoffRow) => JSON.parse(row.answers) as Record<string, string>;
