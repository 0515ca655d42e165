/**
 * Uploads a payment's answers name: an upload lives an hour unless a payment uses it.
 * The payment is refused (400 at the field) when its file has gone, and the files it uses are kept.
 */
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import type { PayerInput } from '../contract/payer.ts';
import { validationFailed } from '../http/errors.ts';
import type { Executor } from './checkout-lock.ts';

/** The upload ids answered for file fields, each still stored; 400 naming the field otherwise. */
export async function liveUploads(
  db: Executor,
  config: CheckoutConfig,
  payer: PayerInput,
  now: number,
): Promise<string[]> {
  const byField = new Map<string, string>();
  for (const field of config.customFields) {
    const answer = payer.fields[field.name];
    if (field.type === 'file-upload' && typeof answer === 'string') byField.set(field.name, answer);
  }
  if (byField.size === 0) return [];
  const found = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', 'in', [...byField.values()])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  const live = new Set(found.map((upload) => upload.id));
  const missing = [...byField].filter(([, uploadId]) => !live.has(uploadId));
  if (missing.length > 0) {
    throw validationFailed(
      missing.map(([name]) => ({
        path: `fields.${name}`,
        code: 'invalid' as const,
        message: 'the file is no longer available; upload it again',
      })),
    );
  }
  return [...live];
}

/** Used by a payment: kept (no expiry) for the merchant. A retry may reuse them: the newest payment wins. */
export async function keepUploads(db: Executor, uploads: string[], reference: string): Promise<void> {
  if (uploads.length === 0) return;
  await db
    .updateTable('uploads')
    .set({ payment_reference: reference, expires_at: null })
    .where('id', 'in', uploads)
    .execute();
}
