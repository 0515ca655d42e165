/**
 * How a route's declared input (createRoute's `request.params` and `request.query`) is refused when
 * @hono/zod-openapi's validators find it wrong: thrown as our 400 `validation_failed`, so the app's one
 * onError renders it in the error envelope like every other refusal, with `fields` naming the input.
 */
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { fieldErrors, validationFailed } from '../http/errors.ts';
import { fieldErrorCode } from './field-error-code.ts';
import { repeatedQueryKeys } from '../http/input.ts';

type ValidationResult = { target: string } & ({ success: true } | { success: false; error: ZodError });

export function refuseInvalidInput(result: ValidationResult, c: Context): void {
  if (result.success) return;
  const { target, error } = result;
  if (target === 'query') {
    // A repeated key is refused by name rather than as the array the validator saw (list rules).
    const repeated = repeatedQueryKeys(c);
    const fields = repeated.length
      ? repeated.map((key) => ({
          path: key,
          code: 'invalid' as const,
          message: 'must be given at most once',
        }))
      : fieldErrors(error);
    throw validationFailed(fields, 'The query is not valid');
  }
  if (target === 'param') {
    // Path ids are named one at a time, by the first rule they break.
    const [issue] = error.issues;
    const name = String(issue?.path[0] ?? '');
    throw validationFailed(
      [
        {
          path: name,
          code: issue ? fieldErrorCode(issue) : 'invalid',
          message: issue?.message ?? 'is not valid',
        },
      ],
      `The ${name} in the path is not valid`,
    );
  }
  throw validationFailed(fieldErrors(error));
}
