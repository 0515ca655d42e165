/**
 * Uploads (docs/payments.md#uploads): files a payer attaches to a custom field before paying. Stored in the
 * database (one place to back up, shared by every instance), kept one hour unless a payment uses them
 * (the payments engine then clears `expires_at`), and limited per IP (the `upload` rate limit, counted
 * in routes.ts) so nobody turns the checkout into free file hosting.
 */
import type { Upload } from '../../widget/shared/contract.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/errors.ts';
import type { Store } from '../store/database.ts';
import type { UploadRow } from '../store/schema.ts';
import { sanitiseFileName, sniffType } from './media.ts';
import { randomBase64url } from '../random.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const UPLOAD_TTL_MS = 60 * 60 * 1000;
export interface UploadDeps {
  store: Store;
  clock: Clock;
}

/** `upl_` and 128 random bits: knowing an id is what ties an upload to a payment. */
const newUploadId = () => `upl_${randomBase64url(16)}`;

/** Checks and stores one file; the type comes from its bytes, the name is sanitised. */
export async function storeUpload(deps: UploadDeps, file: File, ip: string): Promise<Upload> {
  if (file.size > MAX_UPLOAD_BYTES)
    throw new ApiError(413, 'payload_too_large', 'The file is larger than 5 MB');
  if (file.size === 0) throw new ApiError(415, 'unsupported_media_type', 'The file is empty');
  const data = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(data);
  if (!type) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Only PNG, JPEG and PDF files are accepted (checked from the content)',
    );
  }
  const now = deps.clock.now();
  const row: UploadRow = {
    id: newUploadId(),
    name: sanitiseFileName(file.name, type),
    size: data.byteLength,
    type,
    data,
    ip,
    payment_reference: null,
    created_at: now,
    expires_at: now + UPLOAD_TTL_MS,
  };
  await deps.store.db.insertInto('uploads').values(row).execute();
  return { id: row.id, name: row.name, size: row.size, type: row.type };
}

/** An upload the merchant may still read: used by a payment, or not yet expired. */
export async function findUpload(deps: UploadDeps, id: string): Promise<UploadRow | undefined> {
  const row = await deps.store.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.expires_at !== null && row.expires_at <= deps.clock.now())) return undefined;
  return row;
}

/** For a schedule: deletes uploads whose hour has passed and that no payment uses. Returns how many. */
export async function purgeExpiredUploads(deps: UploadDeps): Promise<number> {
  const result = await deps.store.db
    .deleteFrom('uploads')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', deps.clock.now())
    .where('payment_reference', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
