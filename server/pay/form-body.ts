/**
 * A pay page's posted form (always multipart: it may carry a file), read as it arrives. Only the form's
 * own inputs are kept, the first of each name: each text input up to what its `maxlength` can take in
 * UTF-8, each file input up to the upload's size and one byte more. A file past that ends the read
 * there: the server stops reading the body, and the file (its first bytes, enough to say it is too
 * large) is refused by the upload's own check, beside its field, as any file over the size is. The
 * answers that came after it in the form are not read; the page asks for them again.
 */
import type { Context } from 'hono';
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { payFormLimit } from '../body-limits.ts';
import { narrowBodyLimit, readFormBody, streamBody } from '../http/body.ts';
import { multipartBoundary, readMultipart, type PartHead, type PartRule } from '../http/multipart.ts';
import { MAX_UPLOAD_BYTES } from '../uploads/service.ts';
import { answerLengths, type FormBody } from './form-input.ts';

/** The hidden inputs' longest values: an idempotency key (a UUID), a kept upload's id. */
const HIDDEN_LENGTH = 64;

const utf8 = new TextDecoder();

export async function readPayForm(c: Context, config: CheckoutConfig): Promise<FormBody> {
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (boundary === undefined) {
    // Not multipart (not our form's encoding): no file can come in it, so a payment's size is its limit.
    narrowBodyLimit(c, payFormLimit('payment', false));
    return (await readFormBody(c, { all: true })) as FormBody;
  }
  const lengths = answerLengths(config);
  lengths.set('_key', HIDDEN_LENGTH);
  const files = new Set<string>();
  for (const custom of config.customFields) {
    if (custom.type !== 'file-upload') continue;
    files.add(`fields.${custom.name}`);
    lengths.set(`uploaded.${custom.name}`, HIDDEN_LENGTH);
  }
  const seen = new Set<string>();
  const ruleFor = ({ name, filename }: PartHead): PartRule => {
    const first = !seen.has(name);
    seen.add(name);
    if (!first) return { keep: 0 };
    if (filename !== undefined)
      return files.has(name) ? { keep: MAX_UPLOAD_BYTES + 1, stopWhenOver: true } : { keep: 0 };
    const length = lengths.get(name);
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a pair, 4 bytes for 2): this many bytes hold more
    // than `maxlength` of any text, so a cut one is still too long for the API's checks.
    return length === undefined ? { keep: 0 } : { keep: 4 * length + 4 };
  };
  const parts = await streamBody(c, (chunks) => readMultipart(chunks, boundary, ruleFor));
  const body: FormBody = {};
  for (const part of parts) {
    if (part.filename !== undefined) {
      body[part.name] = new File([part.data], part.filename, { type: part.type });
      continue;
    }
    const text = utf8.decode(part.data);
    body[part.name] = part.over ? stillTooLong(text, lengths.get(part.name) ?? 0) : text;
  }
  return body;
}

/**
 * A text cut at its allowance must not pass as a shorter answer once trimmed (a name followed by a
 * megabyte of spaces): it stays longer than its input's `maxlength`.
 */
function stillTooLong(text: string, maxLength: number): string {
  const trimmed = text.trim();
  return trimmed.length > maxLength ? trimmed : trimmed.padEnd(maxLength + 1, '…');
}
