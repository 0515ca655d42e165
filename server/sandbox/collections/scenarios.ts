/**
 * Magic values (docs/sandbox.md#magic-values): the last two digits of the payer's phone decide how a
 * direct charge behaves, so every path can be reached without a real phone.
 */
export const SANDBOX_OTP = '123456';
export const SANDBOX_CUSTOMER_CODE = '654321';

export const SCENARIOS = {
  /** Anything else: OTP `123456` -> processing -> success by webhook. */
  otp: 'otp',
  /** `01`: processing, then success by webhook. */
  noOtp: 'no-otp',
  /** `03`: processing forever, no webhook. */
  stuck: 'stuck',
  /** `04`: failed by webhook (insufficient funds). */
  insufficientFunds: 'insufficient-funds',
  /** `05`: the provider answers 500 once, then behaves as `otp`. */
  errorOnce: 'error-once',
  /** `06`: the call hangs past the client timeout; the charge exists as pending (`otp`). */
  hang: 'hang',
  /** `07`: pre-otp; customer code `654321` -> processing -> success. */
  preOtp: 'pre-otp',
  /** `08`: redirect to the sandbox's hosted page (approve / decline). */
  redirect: 'redirect',
  /** `09`: bank transfer instructions; paid through the admin API. */
  bankTransfer: 'bank-transfer',
  /** A hosted checkout created with POST /payments/v1/checkouts. */
  hosted: 'hosted',
} as const;

export type Scenario = (typeof SCENARIOS)[keyof typeof SCENARIOS];

const BY_SUFFIX: Record<string, Scenario> = {
  '01': SCENARIOS.noOtp,
  '03': SCENARIOS.stuck,
  '04': SCENARIOS.insufficientFunds,
  '05': SCENARIOS.errorOnce,
  '06': SCENARIOS.hang,
  '07': SCENARIOS.preOtp,
  '08': SCENARIOS.redirect,
  '09': SCENARIOS.bankTransfer,
};

export function scenarioForPhone(phoneNumber: string): Scenario {
  return BY_SUFFIX[phoneNumber.replace(/\D/g, '').slice(-2)] ?? SCENARIOS.otp;
}

/** The final status a scenario reaches once the payer has done their part. */
export function outcomeOf(scenario: string): { status: 'success' | 'failed'; description: string } | null {
  if (scenario === SCENARIOS.stuck) return null;
  if (scenario === SCENARIOS.insufficientFunds) {
    return { status: 'failed', description: 'Insufficient funds in the payer wallet' };
  }
  return { status: 'success', description: 'Payment successful' };
}
