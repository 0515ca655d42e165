/**
 * Shared moves of the retention suites: running a purge round on a fixture's store and clock with a log
 * the test can read, uploading a file, paying the marathon link (every field type, one upload), and
 * reading rows as they are stored.
 */
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createLogger } from '../../../server/logger.ts';
import { purgeExpiredPersonalData, type PurgeReport } from '../../../server/retention/purge.ts';
import { TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';

export const DAY_MS = 86_400_000;
export const MERCHANT = { authorization: `Bearer ${TEST_MERCHANT_KEY}` } as const;

export interface PurgeRun {
  report: PurgeReport;
  /** The lines the round logged. */
  logs: Record<string, unknown>[];
}

export async function purge(
  t: AppFixture,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<PurgeRun> {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line));
        done();
      },
    }),
  );
  const report = await purgeExpiredPersonalData({
    store: t.store,
    clock: t.clock,
    config: t.config,
    logger,
    ...options,
  });
  return { report, logs };
}

/** Stores a small PDF as a payer would; answers its id. */
export async function upload(t: AppFixture, name = 'certificat.pdf'): Promise<string> {
  const form = new FormData();
  form.set(
    'file',
    new File([new TextEncoder().encode('%PDF-1.4\n% certificate\n')], name, { type: 'application/pdf' }),
  );
  const res = await t.app.request('/api/v1/uploads', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A direct charge on the marathon link (XOF 10,000, every field type); `01` succeeds by webhook. */
export function marathonPayment(uploadId: string, phoneNumber = '+221770000001') {
  return {
    link: 'lnk_all_fields_sn',
    customer: { name: 'Moussa Diop', email: 'moussa@example.sn' },
    fields: {
      bib_name: 'MOUSSA',
      medical_notes: 'Asthme léger',
      tshirt_size: 'L',
      birth_date: '1990-04-12',
      medical_certificate: uploadId,
      accept_rules: true,
    },
    method: { kind: 'direct', provider: 'wave-sn', phoneNumber },
  };
}

export function paymentRows(t: AppFixture) {
  return t.store.db.selectFrom('payments').selectAll().orderBy('reference').execute();
}

export function downloadUpload(t: AppFixture, id: string) {
  return t.request('GET', `/api/v1/uploads/${id}`, undefined, MERCHANT);
}

export async function webhookBodies(t: AppFixture, reference: string): Promise<string[]> {
  const rows = await t.store.db
    .selectFrom('provider_webhooks')
    .select('body')
    .where('reference', '=', reference)
    .orderBy('received_at')
    .orderBy('dedup_key')
    .execute();
  return rows.map((row) => row.body);
}
