/**
 * payerSchema(config): the authority on what a payer may send for one checkout (docs/api.md#contract).
 * The widget derives native form constraints from the same CheckoutConfig; this is what the server
 * enforces, with error paths (`amount`, `fields.company`, `customer.email`, `method.phoneNumber`) that
 * match the widget's inputs so each message shows under its own input.
 */
import { z } from 'zod';
import type { CheckoutConfig, CreatePayment, FieldErrorCode } from '../../widget/shared/contract.ts';
import { ApiError, fieldErrors, validationFailed } from '../http/errors.ts';
import { formatMajor } from '../checkout/currency.ts';
import { PHONE_NUMBER, REQUIRED } from './common.ts';
import { declareCode } from './field-error-code.ts';
import { fieldsSchema } from './payer-fields.ts';
import { walletNumber } from './wallet.ts';
import {
  CustomerSchema,
  IdSchema,
  PaymentMethodChoiceSchema,
  PhoneNumberSchema,
  requiredOr,
} from './schemas.ts';

/** Valid payer input: the amount resolved (a fixed amount filled in), answers cleaned, defaults applied. */
export type PayerInput = Omit<CreatePayment, 'amount'> & { amount: number };

/** Why an amount is refused; the route answers these 422 rather than 400. */
type AmountProblem = 'amount_out_of_bounds' | 'limit_exceeded';

function amountSchema(config: CheckoutConfig) {
  const { fixed, min, max, remaining } = config.amount;
  // A fixed amount is the merchant's: whatever a browser sends is ignored, not an error.
  if (fixed !== null)
    return z
      .unknown()
      .optional()
      .transform(() => fixed);
  const money = (minor: number) => formatMajor(minor, config.currency, config.currencyExponent);
  const refuse = (ctx: z.RefinementCtx, problem: AmountProblem, code: FieldErrorCode, message: string) =>
    ctx.addIssue({ code: 'custom', message, params: { problem, ...declareCode(code) } });
  return z
    .number({ error: requiredOr('must be a number of minor units') })
    .int('must be a whole number of minor units')
    .superRefine((amount, ctx) => {
      const upper = Math.min(max ?? Infinity, remaining ?? Infinity);
      if (amount <= 0 || (min !== undefined && amount < min)) {
        refuse(
          ctx,
          'amount_out_of_bounds',
          'too_low',
          min === undefined ? 'must be more than 0' : `must be at least ${money(min)}`,
        );
      } else if (amount > upper) {
        // The tighter bound names the problem: the link's own maximum, or what is left under its limit.
        if (remaining !== undefined && remaining < (max ?? Infinity)) {
          refuse(
            ctx,
            'limit_exceeded',
            'too_high',
            `must be at most ${money(remaining)}: that is all this link can still collect`,
          );
        } else {
          refuse(ctx, 'amount_out_of_bounds', 'too_high', `must be at most ${money(upper)}`);
        }
      }
    });
}

/**
 * Customer details trimmed, and a blank one read as not given: a form posts its untouched inputs as
 * "", which must neither fail an optional field nor satisfy a required one.
 */
function withoutBlanks(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, item]) => [
    key,
    typeof item === 'string' ? item.trim() : item,
  ]);
  return Object.fromEntries(entries.filter(([, item]) => item !== ''));
}

function customerSchema(anonymous: boolean) {
  if (anonymous) return z.preprocess(withoutBlanks, CustomerSchema);
  // Phone stays optional here: a direct charge's own number stands in for it (see payerSchema).
  return z.preprocess(
    withoutBlanks,
    z.strictObject({
      name: z
        .string({ error: requiredOr('must be text') })
        .trim()
        .min(1, REQUIRED)
        .max(200, 'must be at most 200 characters'),
      email: z
        .email({ error: requiredOr('must be an email address') })
        .max(254, 'must be at most 254 characters'),
      phoneNumber: PhoneNumberSchema.optional(),
    }),
  );
}

function methodSchema(config: CheckoutConfig) {
  const methods = new Map(config.methods.map((method) => [method.provider, method]));
  return PaymentMethodChoiceSchema.superRefine((choice, ctx) => {
    if (choice.kind === 'hosted') {
      if (!config.hosted)
        ctx.addIssue({ code: 'custom', message: 'hosted checkout is not offered here', path: ['kind'] });
      return;
    }
    const method = methods.get(choice.provider);
    if (!method)
      return ctx.addIssue({
        code: 'custom',
        message: 'is not a payment method of this checkout',
        path: ['provider'],
      });
    const networks = method.networks ?? [];
    if (choice.network === undefined) {
      if (networks.length > 1) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['network'] });
    } else if (!networks.some((network) => network.value === choice.network)) {
      ctx.addIssue({ code: 'custom', message: 'is not a network of this provider', path: ['network'] });
    }
    // Only a number the contract's rule let through is read as a wallet: one problem per input.
    if (
      PHONE_NUMBER.test(choice.phoneNumber) &&
      walletNumber(choice.phoneNumber, config.country) === undefined
    )
      ctx.addIssue({
        code: 'custom',
        message: `is not a valid phone number in ${config.country.toUpperCase()}`,
        path: ['phoneNumber'],
      });
  }).transform((choice) => {
    if (choice.kind !== 'direct') return choice;
    // The wallet's one spelling (E.164): what is stored, charged and counted (wallet.ts).
    const wallet = {
      ...choice,
      phoneNumber: walletNumber(choice.phoneNumber, config.country) ?? choice.phoneNumber,
    };
    if (wallet.network !== undefined) return wallet;
    const only = methods.get(choice.provider)?.networks;
    return only?.length === 1 && only[0] ? { ...wallet, network: only[0].value } : wallet;
  });
}

/**
 * Built schemas by the checkout's methods array (the same array for every read of a cached link), then
 * by everything else the schema reads. Building one costs far more than parsing with it, and a payment
 * would otherwise build one every time. Bounded per methods array: `remaining` moves with payments.
 */
const builtSchemas = new WeakMap<CheckoutConfig['methods'], Map<string, z.ZodType<PayerInput>>>();
const BUILT_PER_METHODS = 64;

export function payerSchema(config: CheckoutConfig): z.ZodType<PayerInput> {
  const { fixed, min, max, remaining } = config.amount;
  const key = JSON.stringify([
    config.kind,
    config.id,
    fixed,
    min ?? null,
    max ?? null,
    remaining ?? null,
    config.currency,
    config.currencyExponent,
    config.country,
    config.anonymous,
    config.hosted,
    config.customFields,
  ]);
  let built = builtSchemas.get(config.methods);
  if (!built) builtSchemas.set(config.methods, (built = new Map()));
  let schema = built.get(key);
  if (!schema) {
    if (built.size >= BUILT_PER_METHODS) built.clear();
    schema = buildPayerSchema(config);
    built.set(key, schema);
  }
  return schema;
}

function buildPayerSchema(config: CheckoutConfig): z.ZodType<PayerInput> {
  const idOf = (kind: CheckoutConfig['kind']) =>
    config.kind === kind
      ? IdSchema.refine((id) => id === config.id, 'is not this checkout')
      : z.undefined({ error: `must be absent: this is a ${config.kind} checkout` }).optional();
  return z
    .strictObject({
      link: idOf('link'),
      session: idOf('session'),
      amount: amountSchema(config),
      customer: customerSchema(config.anonymous),
      fields: fieldsSchema(config.customFields),
      method: methodSchema(config),
    })
    .transform((input, ctx) => {
      const { link, session, amount, customer, fields, method } = input;
      const phoneNumber = customer.phoneNumber ?? (method.kind === 'direct' ? method.phoneNumber : undefined);
      if (!config.anonymous && phoneNumber === undefined) {
        ctx.issues.push({
          code: 'custom',
          message: REQUIRED,
          input: undefined,
          path: ['customer', 'phoneNumber'],
        });
        return z.NEVER;
      }
      const payer: PayerInput = { amount, customer: { ...customer }, fields, method };
      if (phoneNumber !== undefined) payer.customer.phoneNumber = phoneNumber;
      if (link !== undefined) payer.link = link;
      if (session !== undefined) payer.session = session;
      return payer;
    });
}

/**
 * A payerSchema failure as the route answers it: only amount problems -> 422 `amount_out_of_bounds` or
 * `limit_exceeded` (with the message naming the bound); anything else -> 400 `validation_failed`. Both
 * carry every problem in `fields`, so the payer sees them all at once.
 */
export function payerError(error: z.ZodError): ApiError {
  const fields = fieldErrors(error);
  const problems = error.issues.map((issue) =>
    issue.code === 'custom' ? (issue.params?.problem as AmountProblem | undefined) : undefined,
  );
  if (problems.length === 0 || problems.some((problem) => problem === undefined))
    return validationFailed(fields);
  const code = problems.includes('limit_exceeded') ? 'limit_exceeded' : 'amount_out_of_bounds';
  const message = `The amount ${error.issues[0]?.message ?? 'is out of bounds'}`;
  return new ApiError(422, code, message, { fields });
}
