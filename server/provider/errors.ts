/**
 * The two ways a provider call fails.
 *
 * - `ProviderRequestError`: our own input was refused before anything was sent (a bug or bad input on
 *   our side; nothing happened at the provider, so it is safe to fix and try again).
 * - `ProviderError`: the call was sent and failed: the provider answered an error, the answer was not
 *   what the API describes, the network failed, or the call timed out (in which case it may have gone
 *   through: resolve a timed-out payment through verify, never by sending it again).
 */
import type { z } from 'zod';
import type { ProviderErrorCode } from './schemas.ts';

/** Failures that have no provider error code: the client names them itself. */
type TransportErrorCode = 'Timeout' | 'NetworkError' | 'InvalidResponse';

/** A documented provider code, our transport code, or any other string the provider may send. */
export type ProviderFailureCode = ProviderErrorCode | TransportErrorCode | (string & {});

export class ProviderError extends Error {
  override name = 'ProviderError';

  constructor(
    /** HTTP status of the provider's answer; 0 when there was none (timeout, network). */
    readonly status: number,
    readonly errorCode: ProviderFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /**
   * Whether the same call may succeed later: no answer at all, or the provider (or a gateway in front
   * of it) failing on its side. Says nothing about whether resending is *safe*; the client decides that
   * per endpoint.
   */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `customerInput.phoneNumber`; empty for the whole input. */
  path: string;
  message: string;
}

export class ProviderRequestError extends Error {
  override name = 'ProviderRequestError';

  constructor(
    /** Which client operation refused its input, e.g. `directCharge`. */
    readonly operation: string,
    readonly fields: FieldIssue[],
  ) {
    super(
      `${operation}: invalid input (${fields.map((f) => `${f.path || '(input)'}: ${f.message}`).join('; ')})`,
    );
  }

  static fromZod(operation: string, error: z.ZodError): ProviderRequestError {
    return new ProviderRequestError(
      operation,
      error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    );
  }
}
