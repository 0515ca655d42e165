/**
 * Dev aid, not part of `npm run bench`: what compiling a query shape once (server/store/prepared.ts) saves
 * over building and compiling it on every call, both run through Kysely's public `executeQuery`.
 * `node --import tsx test/bench/prepared-cost.ts` (SQLite in memory; `DATABASE_URL=postgres://...` for an
 * empty PostgreSQL database instead).
 *
 * Two shapes from the payment path: a select of a whole payment by key, and the insert of a whole row.
 * Each figure is µs per call over a batch of concurrent calls (as requests issue them), in alternating
 * rounds so a busy machine skews both sides alike; the medians are printed.
 */
import { openStore } from '../../server/store/database.ts';
import { first, insertRow, prepared } from '../../server/store/prepared.ts';
import type { PaymentRow } from '../../server/store/schema.ts';

const ROUNDS = 9;
const CALLS = 4000;
const BATCH = 50;

const store = await openStore(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { memory: true },
);
const { db } = store;

const row = (reference: string): PaymentRow => ({
  reference,
  token_hash: 'h'.repeat(64),
  link_id: 'lnk_fixed_ci',
  session_id: null,
  method: 'direct',
  provider: 'mtn-ci',
  network: 'mtn',
  phone_number: '+2250700000001',
  amount: 15_000,
  fee: null,
  total: null,
  currency: 'XOF',
  currency_exponent: 0,
  country: 'CI',
  status: 'pending',
  action: 'processing',
  message: null,
  redirect_url: null,
  bank_transfer: null,
  wrong_codes: 0,
  last_confirm: null,
  expires_at: null,
  paid_at: null,
  customer: '{"name":"Bench"}',
  fields: '{}',
  return_url: null,
  provider_reference: null,
  flag: null,
  reserved: 0,
  confirming_until: null,
  refund_payout: null,
  version: 1,
  verified_at: 1,
  created_at: 1,
  updated_at: 1,
  purged_at: null,
});

const byReference = prepared((executor, reference: string) =>
  executor.selectFrom('payments').selectAll().where('reference', '=', reference),
);
let inserted = 0;
const variants: Record<string, (i: number) => Promise<unknown>> = {
  'select by key, prepared': (i) => first(byReference(db, `pay_${i % 1000}`)),
  'select by key, built': (i) =>
    db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', `pay_${i % 1000}`)
      .executeTakeFirst(),
  'insert row, prepared': () => insertRow(db, 'payments', row(`ins_${inserted++}`)),
  'insert row, built': () =>
    db
      .insertInto('payments')
      .values(row(`ins_${inserted++}`))
      .execute(),
};

async function microsPer(work: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS; i += BATCH)
    await Promise.all(Array.from({ length: BATCH }, (_, j) => work(i + j)));
  return ((performance.now() - started) * 1000) / CALLS;
}

for (let i = 0; i < 1000; i++) await insertRow(db, 'payments', row(`pay_${i}`));
for (const work of Object.values(variants)) await microsPer(work); // warm: JIT, statement caches

const results: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  const names = Object.keys(variants);
  // Alternate which of each pair runs first.
  if (round % 2 === 1) names.reverse();
  for (const name of names) (results[name] ??= []).push(await microsPer(variants[name]!));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const name of Object.keys(variants)) {
  const values = results[name] ?? [];
  process.stdout.write(
    `${name.padEnd(26)} median ${median(values).toFixed(1)} µs  (rounds: ${values.map((v) => v.toFixed(1)).join(', ')})\n`,
  );
}
await store.close();
