/**
 * A refused input's code (`FieldError.code`), read off the zod issue's shape rather than its English
 * message, so that a client's words (the pay page's, in the payer's language) follow the code and a
 * reworded message changes nothing. A check whose shape says too little declares its code in its issue's
 * params (`declareCode`).
 */
import type { core } from 'zod';
import { FIELD_ERROR_CODES, type FieldErrorCode } from '../../widget/shared/contract.ts';
import { REQUIRED } from './common.ts';

const CODE_PARAM = 'fieldErrorCode';

/** The params of a custom issue whose code its shape does not say. */
export const declareCode = (code: FieldErrorCode) => ({ [CODE_PARAM]: code });

const isCode = (value: unknown): value is FieldErrorCode =>
  (FIELD_ERROR_CODES as readonly unknown[]).includes(value);

export function fieldErrorCode(issue: core.$ZodIssue): FieldErrorCode {
  const declared: unknown = issue.code === 'custom' ? issue.params?.[CODE_PARAM] : undefined;
  if (isCode(declared)) return declared;
  if (issue.message === REQUIRED) return 'required';
  const path = issue.path.join('.');
  if (path === 'customer.email') return 'invalid_email';
  if (path === 'customer.phoneNumber' || path === 'method.phoneNumber') return 'invalid_phone';
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number' ? 'not_a_number' : 'invalid';
    case 'invalid_value':
      // `z.literal(true)`: a box that must be checked.
      return issue.values.length === 1 && issue.values[0] === true ? 'required' : 'invalid';
    case 'too_small':
      return issue.origin === 'number' ? 'too_low' : 'invalid';
    case 'too_big':
      return issue.origin === 'number' ? 'too_high' : issue.origin === 'string' ? 'too_long' : 'invalid';
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'invalid';
    default:
      return 'invalid';
  }
}
