/**
 * A posted checkout form: its token checked before the body is read, its files stored as the API stores
 * uploads, its answers checked by the API's schema, then the payment created by the API's own idempotent
 * path. A refusal is the form again, answers kept, in the payer's language.
 */
import type { Context } from 'hono';
import type { CheckoutConfig, CreatedPayment, ErrorEnvelope } from '../../widget/shared/contract.ts';
import { fill } from '../../widget/shared/messages.ts';
import { unavailability } from '../checkout/availability.ts';
import { CreatePaymentSchema } from '../contract/schemas.ts';
import type { AppEnv } from '../env.ts';
import { narrowBodyLimit } from '../http/body.ts';
import { readPayForm } from './form-body.ts';
import { payFormLimit } from '../body-limits.ts';
import { ApiError, fieldErrors } from '../http/errors.ts';
import { readIdempotencyKey, requestHash } from '../idempotency/keys.ts';
import { CREATE_PAYMENT_ROUTE, createIdempotently } from '../payments/routes.ts';
import { findUpload, storeUpload } from '../uploads/service.ts';
import {
  answersOf,
  fieldMessages,
  fileDigest,
  fileOf,
  hashedBody,
  readForm,
  textOf,
  type FormBody,
} from './form-input.ts';
import type { FormView } from './form-page.ts';
import { renderForm } from './form-render.ts';
import { FORM_TOKEN, type Kind, type PayKit } from './kit.ts';
import type { PageLanguage } from './language.ts';
import { keepPaymentToken } from './payment-cookie.ts';
import { RETURN_PROOF } from './return-proof.ts';
import { unavailableStep } from './step-pages.ts';

export async function payForm(kit: PayKit, c: Context<AppEnv>, kind: Kind, id: string, handoff?: string) {
  const loaded = await kit.loadCheckout(c, kind, id);
  if (loaded instanceof Response) return loaded;
  const checkoutConfig = loaded;
  const lang = kit.languageOf(c, checkoutConfig.locale);
  const { messages } = lang;
  // The form's token and its cookie before a byte of the body is read: a refused post costs no parsing.
  if (!kit.forms.verify(c, `${kind}:${id}`, c.req.query(FORM_TOKEN)))
    return renderForm(kit, c, 403, checkoutConfig, lang, { alert: kit.refusedPost(c, lang) });
  const hasFile = checkoutConfig.customFields.some((field) => field.type === 'file-upload');
  narrowBodyLimit(c, payFormLimit('payment', hasFile));
  let body: FormBody;
  try {
    body = await readPayForm(c, checkoutConfig);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 413 || error.status === 503)) throw error;
    return renderForm(kit, c, 400, checkoutConfig, lang, { alert: messages.error });
  }
  const answers = answersOf(body, checkoutConfig);
  let key: string;
  try {
    key = readIdempotencyKey(textOf(body, '_key'));
  } catch {
    return renderForm(kit, c, 400, checkoutConfig, lang, { answers, alert: messages.error });
  }

  const { errors, uploads, uploaded, digests } = await storeFiles(kit, c, checkoutConfig, body, lang);
  const returnUrlOf = (key: string) =>
    `${kit.publicUrl}/pay/return?lang=${lang.language}&${RETURN_PROOF}=${kit.proofs.of(key)}`;
  const { input, typedAmount } = readForm(checkoutConfig, body, uploads, lang.locale, returnUrlOf(key));
  const money = kit.moneyIn(lang, checkoutConfig.currency, checkoutConfig.currencyExponent);
  const { min, max, remaining } = checkoutConfig.amount;
  const ceiling = Math.min(max ?? Infinity, remaining ?? Infinity);
  const bounds = {
    min: min === undefined ? undefined : money(min),
    max: Number.isFinite(ceiling) ? money(ceiling) : undefined,
  };
  const refuse: Refuse = (status, state) =>
    renderForm(kit, c, status, checkoutConfig, lang, { answers, uploaded, typedAmount, handoff, ...state });

  if (Object.keys(errors).length) return refuse(400, { errors, alert: messages.fixErrors });
  const parsed = CreatePaymentSchema.safeParse(input);
  if (!parsed.success)
    return refuse(400, {
      errors: fieldMessages(fieldErrors(parsed.error), messages, bounds),
      alert: messages.fixErrors,
    });

  try {
    await kit.limiter.hit('create', kit.ipOf(c));
  } catch (error) {
    if (error instanceof ApiError)
      return refuse(error.status, { alert: messages.rate_limited, idempotencyKey: key });
    throw error;
  }
  // The form's key is its open attempt's; answers of their own (another number) are another attempt.
  const hashed = hashedBody(parsed.data, digests);
  const attemptKey = await kit.attempts.keyForPost(
    c,
    checkoutConfig,
    key,
    requestHash(CREATE_PAYMENT_ROUTE, hashed),
  );
  if (attemptKey !== key) {
    key = attemptKey;
    if (parsed.data.method.returnUrl !== undefined) parsed.data.method.returnUrl = returnUrlOf(key);
  }
  let status: number;
  let error: ErrorEnvelope['error'];
  try {
    const answer = await createIdempotently(c, kit.deps, kit.payments, {
      input: parsed.data,
      body: hashed,
      key,
    });
    const text = await answer.text();
    if (answer.status === 201) {
      const { payment, token } = (JSON.parse(text) as { data: CreatedPayment }).data;
      keepPaymentToken(c, payment.reference, token, kit.secureCookies);
      if (handoff) await kit.handoffs.attach(handoff, payment.reference);
      return c.redirect(kit.nextLocation(payment, lang), 303);
    }
    status = answer.status;
    error = (JSON.parse(text) as ErrorEnvelope).error;
  } catch (thrown) {
    // The idempotency check refuses by throwing: a page for the payer too, not the API's JSON.
    if (!(thrown instanceof ApiError)) throw thrown;
    status = thrown.status;
    error = {
      code: thrown.code,
      message: thrown.message,
      fields: thrown.extra.fields,
      retryAfter: thrown.extra.retryAfter,
    };
  }
  return refusedPayment(kit, c, checkoutConfig, lang, { status, error, key, bounds, refuse });
}

type Refuse = (status: number, state: Partial<FormView>) => Promise<Response>;

/** The API's refusal of the payment, as the payer's page. */
function refusedPayment(
  kit: PayKit,
  c: Context,
  checkoutConfig: CheckoutConfig,
  lang: PageLanguage,
  refused: {
    status: number;
    error: ErrorEnvelope['error'];
    key: string;
    bounds: { min?: string; max?: string };
    refuse: Refuse;
  },
) {
  const { status, error, key, bounds, refuse } = refused;
  const { messages } = lang;
  switch (error.code) {
    case 'link_unavailable':
    case 'session_paid': {
      // Closed since this form was drawn: why, when the config read for this post already says it.
      const reason = unavailability(checkoutConfig);
      if (reason) return kit.unpayable(c, checkoutConfig, reason, lang);
      return kit.send(c, status, lang, messages.unavailable, unavailableStep(messages));
    }
    case 'request_in_progress':
      // The first submit of this very form is still running: the same key, so the next try replays it.
      return refuse(409, { alert: messages.wait, idempotencyKey: key });
    case 'rate_limited':
    case 'payment_in_progress':
      return refuse(status, { alert: messages[error.code] });
    case 'wallet_busy':
      // Nothing was made under this key (it was let go): the same form goes through once the wait ends.
      return refuse(status, {
        alert: fill(messages.wallet_busy, { n: Math.ceil((error.retryAfter ?? 60) / 60) }),
        idempotencyKey: key,
      });
    case 'idempotency_conflict':
      // A key this browser has no next one for (past its sequence, or held by another browser): refused,
      // and the same key kept, so sending it again can never make a second payment.
      return refuse(status, { alert: messages.payment_in_progress, idempotencyKey: key });
    default:
      if (error.fields?.length)
        return refuse(status, {
          errors: fieldMessages(error.fields, messages, bounds),
          alert: messages.fixErrors,
        });
      return refuse(status, { alert: messages.networkError });
  }
}

/**
 * The form's files, each stored as an upload is by the API (same checks, same per-IP quota), or the one
 * this form already stored (its id kept in the form). A checkout that cannot be paid stores no file: its
 * post ends on the page that says why, or replays the payment this very form made before it closed.
 */
async function storeFiles(
  kit: PayKit,
  c: Context,
  checkoutConfig: CheckoutConfig,
  body: FormBody,
  lang: PageLanguage,
) {
  const errors: Record<string, string> = {};
  const uploads: Record<string, string> = {};
  const uploaded: FormView['uploaded'] = {};
  const digests: Record<string, string> = {};
  const fileFields = unavailability(checkoutConfig)
    ? []
    : checkoutConfig.customFields.filter((field) => field.type === 'file-upload');
  for (const custom of fileFields) {
    const name = `fields.${custom.name}`;
    const file = fileOf(body, name);
    try {
      if (file) {
        await kit.limiter.hit('upload', kit.ipOf(c));
        const upload = await storeUpload(kit.deps, file, kit.ipOf(c));
        uploads[custom.name] = upload.id;
        uploaded[name] = { id: upload.id, name: upload.name };
        digests[custom.name] = await fileDigest(file);
      } else {
        const kept = textOf(body, `uploaded.${custom.name}`);
        const row = kept ? await findUpload(kit.deps, kept) : undefined;
        if (row && row.payment_reference === null) {
          uploads[custom.name] = row.id;
          uploaded[name] = { id: row.id, name: row.name };
        }
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors[name] = error.code === 'rate_limited' ? lang.messages.rate_limited : lang.messages.invalidValue;
    }
  }
  return { errors, uploads, uploaded, digests };
}
