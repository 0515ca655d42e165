/**
 * Custom-field answers against a checkout's custom fields: one validator per field type, a required
 * answer must be there, and a name the checkout does not ask for is refused (a typo would otherwise
 * lose the payer's answer silently). Merchant labels never reach the messages: they are data.
 */
import { z } from 'zod';
import type { CustomField, FieldAnswer } from '../../widget/shared/contract.ts';
import { REQUIRED } from './common.ts';
import { declareCode, fieldErrorCode } from './field-error-code.ts';
import { FieldAnswerSchema, UploadIdSchema } from './schemas.ts';

const MAX_FIELDS = 50;

/** Numbers arrive as numbers from the widget, as text from a plain form post; both mean the same. */
const NumberAnswerSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z.number({ error: 'must be a number' }),
);

function answerSchema(field: CustomField): z.ZodType<FieldAnswer> {
  switch (field.type) {
    case 'text':
      return z.string({ error: 'must be text' }).max(500, 'must be at most 500 characters');
    case 'paragraph-text':
      return z.string({ error: 'must be text' }).max(5000, 'must be at most 5000 characters');
    case 'dropdown': {
      const options = field.options ?? [];
      return z.string({ error: 'must be one of the options' }).refine((value) => options.includes(value), {
        message: 'must be one of the options',
      });
    }
    case 'number':
      return NumberAnswerSchema;
    case 'date':
      return z.iso.date({ error: 'must be a real date written YYYY-MM-DD' });
    case 'checkbox':
      return field.required
        ? z.literal(true, { error: 'must be checked' })
        : z.boolean({ error: 'must be true or false' });
    case 'file-upload':
      return UploadIdSchema;
  }
}

/** Nothing given: absent, or text with nothing but spaces (an untouched form input). */
const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The schema of `fields` for these custom fields. Its output keeps only the answers given, numbers as
 * numbers; text is kept verbatim (it is data, escaped wherever it is shown).
 */
export function fieldsSchema(customFields: readonly CustomField[]) {
  const byName = new Map(customFields.map((field) => [field.name, field]));
  const validators = new Map(customFields.map((field) => [field.name, answerSchema(field)]));

  return z
    .record(z.string(), FieldAnswerSchema, { error: 'must be an object of answers by field name' })
    .transform((answers, ctx) => {
      const clean: Record<string, FieldAnswer> = {};
      const names = Object.keys(answers);
      if (names.length > MAX_FIELDS) {
        ctx.issues.push({
          code: 'custom',
          message: `must have at most ${MAX_FIELDS} answers`,
          input: names.length,
        });
        return z.NEVER;
      }
      for (const name of names) {
        if (!byName.has(name))
          ctx.issues.push({
            code: 'custom',
            message: 'is not a field of this checkout',
            input: name,
            path: [name],
          });
      }
      for (const field of customFields) {
        const answer = Object.hasOwn(answers, field.name) ? answers[field.name] : undefined;
        if (isBlank(answer)) {
          if (field.required) {
            const message = field.type === 'checkbox' ? 'must be checked' : REQUIRED;
            const params = declareCode('required');
            ctx.issues.push({ code: 'custom', message, params, input: answer, path: [field.name] });
          }
          continue;
        }
        const parsed = validators.get(field.name)?.safeParse(answer);
        if (!parsed) continue;
        if (parsed.success) clean[field.name] = parsed.data;
        else {
          const [issue] = parsed.error.issues;
          const message = issue?.message ?? 'is not valid';
          // The answer's own check says what is wrong (a number, a box to check), not this wrapper.
          const params = declareCode(issue ? fieldErrorCode(issue) : 'invalid');
          ctx.issues.push({ code: 'custom', message, params, input: answer, path: [field.name] });
        }
      }
      return clean;
    });
}
