/**
 * A posted pay-page form read as the API's CreatePayment (what the widget would send for the same
 * answers), and the API's refusals read back as messages beside the form's inputs, in the payer's
 * language. Amounts are typed as people write them (`15 000`, `1.500,50`), phones with spaces or dashes.
 */
import { createHash } from 'node:crypto';
import type {
  CheckoutConfig,
  CreatePayment,
  FieldAnswer,
  FieldError,
  FieldErrorCode,
} from '../../widget/shared/contract.ts';
import type { Messages } from '../../widget/shared/en.ts';
import { fill } from '../../widget/shared/messages.ts';
import { parseAmount } from '../../widget/shared/money.ts';
import { normalizePhone } from '../../widget/shared/phone.ts';
import { HOSTED, MAX_LENGTH } from './form-page.ts';

export type FormBody = Record<string, string | File | (string | File)[]>;

/** The text of an input (the first, should a name come twice), trimmed; files are not text. */
export function textOf(body: FormBody, name: string): string {
  const value = body[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/** A file chosen in a file input; a browser posts an empty one when none was chosen. */
export function fileOf(body: FormBody, name: string): File | undefined {
  const value = body[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first instanceof File && first.size > 0 ? first : undefined;
}

/**
 * The answers to draw the form with again: the text of each of the form's own inputs as it was typed, cut
 * to that input's `maxlength`. Names the form does not draw are dropped, so however large the post, the
 * page that answers it is no larger than the form filled in to its limits.
 */
export function answersOf(body: FormBody, config: CheckoutConfig): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [name, maxLength] of answerLengths(config)) {
    const text = textOf(body, name);
    if (text) answers[name] = text.slice(0, maxLength);
  }
  return answers;
}

/** Each text input the form draws for `config`, with its `maxlength` (form-page.ts). */
export function answerLengths(config: CheckoutConfig): Map<string, number> {
  const lengths = new Map<string, number>([
    ['amount', MAX_LENGTH.short],
    ['customer.name', MAX_LENGTH.name],
    ['customer.email', MAX_LENGTH.email],
    ['method.phoneNumber', MAX_LENGTH.phone],
    ['method.provider', MAX_LENGTH.short],
  ]);
  for (const method of config.methods) lengths.set(`network.${method.provider}`, MAX_LENGTH.short);
  for (const custom of config.customFields) {
    const name = `fields.${custom.name}`;
    if (custom.type === 'paragraph-text') lengths.set(name, MAX_LENGTH.paragraph);
    else if (custom.type === 'dropdown')
      lengths.set(name, Math.max(0, ...(custom.options ?? []).map((option) => option.length)));
    else if (custom.type === 'number' || custom.type === 'date') lengths.set(name, MAX_LENGTH.short);
    else if (custom.type !== 'file-upload') lengths.set(name, MAX_LENGTH.text);
  }
  return lengths;
}

export interface ReadForm {
  input: CreatePayment;
  /** The amount as read, to show fees and totals beside the methods again. */
  typedAmount?: number;
}

/** `uploads`: the upload id of each file field, by field name (stored from this post or kept from one before). */
export function readForm(
  config: CheckoutConfig,
  body: FormBody,
  uploads: Record<string, string>,
  locale: string,
  returnUrl: string,
): ReadForm {
  const fields: Record<string, FieldAnswer> = {};
  for (const { name, type } of config.customFields) {
    const text = textOf(body, `fields.${name}`);
    if (type === 'checkbox') fields[name] = text === 'true';
    else if (type === 'file-upload') {
      if (uploads[name]) fields[name] = uploads[name];
    } else if (text !== '') fields[name] = text;
  }
  const typedAmount =
    config.amount.fixed === null
      ? parseAmount(textOf(body, 'amount'), config.currencyExponent, locale)
      : undefined;
  const phone = normalizePhone(textOf(body, 'method.phoneNumber'));
  const provider = textOf(body, 'method.provider') || config.methods[0]?.provider || HOSTED;
  const optional = (text: string) => (text === '' ? undefined : text);
  const input: CreatePayment = {
    [config.kind]: config.id,
    customer: {
      name: optional(textOf(body, 'customer.name')),
      email: optional(textOf(body, 'customer.email')),
      phoneNumber: optional(phone),
    },
    fields,
    method:
      provider === HOSTED
        ? { kind: 'hosted', returnUrl }
        : {
            kind: 'direct',
            provider,
            network: optional(textOf(body, `network.${provider}`)),
            phoneNumber: phone,
            returnUrl,
          },
  };
  // A typed amount that cannot be read is sent as text: the API's own schema refuses it at `amount`.
  if (config.amount.fixed === null)
    input.amount = typedAmount ?? ((textOf(body, 'amount') || undefined) as unknown as number);
  return { input: JSON.parse(JSON.stringify(input)) as CreatePayment, typedAmount };
}

/**
 * What the request hash is made of: the input, each file field's upload id replaced by the file's digest,
 * so a second submit of the same form (whose file is stored again under another id) is the same request;
 * and without the return address, which is made of the key (already the attempt's) and the page's
 * language (no answer of the payer's), so the form sent again after a language switch is a replay.
 */
export function hashedBody(input: CreatePayment, digests: Record<string, string>): unknown {
  return {
    ...input,
    method: { ...input.method, returnUrl: undefined },
    fields: { ...input.fields, ...digests },
  };
}

export const fileDigest = async (file: File) =>
  `sha256:${createHash('sha256')
    .update(new Uint8Array(await file.arrayBuffer()))
    .digest('base64url')}`;

/** The input a refused API path belongs to on this form. */
function inputName(path: string): string {
  if (path === 'customer.phoneNumber') return 'method.phoneNumber';
  if (path === 'method.kind') return 'method.provider';
  return path;
}

/**
 * The API's refusals beside the form's inputs, in the payer's language: the widget's own words for each
 * kind of problem, chosen by its code (the API's messages are English, for developers, and may change).
 */
export function fieldMessages(
  fields: readonly FieldError[],
  messages: Messages,
  bounds: { min?: string; max?: string },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, code } of fields) {
    const name = inputName(path);
    if (out[name]) continue;
    out[name] = fieldMessage(code, name, messages, bounds);
  }
  return out;
}

function fieldMessage(
  code: FieldErrorCode,
  name: string,
  messages: Messages,
  bounds: { min?: string; max?: string },
): string {
  switch (code) {
    case 'required':
      return messages.required;
    case 'invalid_email':
      return messages.invalidEmail;
    case 'invalid_phone':
      return messages.invalidPhone;
    // Only the amount's bounds are on the page to name.
    case 'too_low':
      return name === 'amount' && bounds.min
        ? fill(messages.tooLow, { min: bounds.min })
        : messages.invalidValue;
    case 'too_high':
      return name === 'amount' && bounds.max
        ? fill(messages.tooHigh, { max: bounds.max })
        : messages.invalidValue;
    case 'not_a_number':
      return messages.invalidNumber;
    default:
      return messages.invalidValue;
  }
}
