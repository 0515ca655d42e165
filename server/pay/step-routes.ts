/**
 * A payment's own pages under `/pay/p/<reference>`, opened by its cookie: the code to type, "approve on
 * your phone", the bank transfer, the provider's page left unfinished, "confirming"; and the way back from
 * the provider's page (`/pay/return`). A final payment goes on to its receipt.
 */
import { Hono, type Context } from 'hono';
import type { Payment } from '../../widget/shared/contract.ts';
import { en } from '../../widget/shared/en.ts';
import { ConfirmPaymentSchema } from '../contract/schemas.ts';
import type { AppEnv } from '../env.ts';
import { readFormBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { RETURN_CANCEL_PARAM, RETURN_REFERENCE_PARAM } from '../payments/return-url.ts';
import { isPaymentReference } from '../payments/tokens.ts';
import type { PaymentRow } from '../store/schema.ts';
import { textOf, type FormBody } from './form-input.ts';
import { minutesLeft } from './dates.ts';
import { FINAL, type Kind, type PayKit } from './kit.ts';
import type { PageLanguage } from './language.ts';
import { forgetCarried, paymentPath, paymentToken } from './payment-cookie.ts';
import { PROOF_SHAPE, RETURN_PROOF } from './return-proof.ts';
import {
  bankTransferStep,
  codeStep,
  processingStep,
  unavailableStep,
  unfinishedStep,
  type StepView,
} from './step-pages.ts';

/** On a payment's page: the payer came back from the provider's page. */
const RETURNED = 'returned';
/**
 * On a payment's page: the payer has just typed the right code. The provider then answers `processing`
 * while it settles, which is no longer the payer's to approve: the page says the payment is being
 * confirmed, not "approve on your phone".
 */
const CODE_TAKEN = 'confirming';

export function stepRoutes(kit: PayKit) {
  const { payments, withLang } = kit;
  const app = new Hono<AppEnv>();

  // The provider's page sends the payer back here with our reference: on to that payment's own pages,
  // where its cookie is sent.
  app.get('/return', (c) => {
    const reference = c.req.query(RETURN_REFERENCE_PARAM) ?? '';
    if (!isPaymentReference(reference)) return noPayment(kit, c);
    const proof = c.req.query(RETURN_PROOF) ?? '';
    const cancel =
      c.req.query(RETURN_CANCEL_PARAM) === '1'
        ? `&${RETURN_CANCEL_PARAM}=1${PROOF_SHAPE.test(proof) ? `&${RETURN_PROOF}=${proof}` : ''}`
        : '';
    return c.redirect(`${withLang(`${paymentPath(reference)}/return`, kit.languageOf(c))}${cancel}`, 303);
  });

  app.get('/p/:reference/return', async (c) => {
    const row = await authorized(kit, c);
    if (!row) return noPayment(kit, c);
    const lang = kit.languageOf(c);
    let payment: Payment;
    try {
      payment =
        c.req.query(RETURN_CANCEL_PARAM) === '1' && kit.proofs.provesCancel(c, row)
          ? await payments.cancelFromReturn(row, c.get('logger'))
          : await payments.get(row, c.get('logger'));
    } catch (error) {
      // Not waiting on the provider's page any more: its page says what it is now.
      if (!(error instanceof ApiError) || error.code !== 'payment_not_awaiting_input') throw error;
      return c.redirect(withLang(paymentPath(row.reference), lang), 303);
    }
    if (FINAL.has(payment.status)) return goOn(kit, c, payment, lang);
    return c.redirect(withLang(`${paymentPath(row.reference)}?${RETURNED}=1`, lang), 303);
  });

  app.get('/p/:reference', async (c) => {
    const row = await authorized(kit, c);
    if (!row) return noPayment(kit, c);
    const payment = await payments.get(row, c.get('logger'));
    return showStep(kit, c, row, payment, kit.languageOf(c));
  });

  app.post('/p/:reference/confirm', async (c) => {
    const row = await authorized(kit, c);
    if (!row) return noPayment(kit, c);
    const lang = kit.languageOf(c);
    const { messages } = lang;
    const current = () => payments.get(row, c.get('logger'));
    let body: FormBody;
    try {
      body = (await readFormBody(c)) as FormBody;
    } catch (error) {
      // Too large stays the documented 413; a body that is no form is only a form to post again.
      if (error instanceof ApiError && error.status === 413) throw error;
      return showStep(kit, c, row, await current(), lang, messages.error);
    }
    if (!kit.forms.verify(c, `payment:${row.reference}`, textOf(body, '_csrf')))
      return showStep(kit, c, row, await current(), lang, messages.error);
    const parsed = ConfirmPaymentSchema.safeParse(
      row.action === 'pre-otp'
        ? { customerCode: textOf(body, 'customerCode') }
        : { otp: textOf(body, 'otp') },
    );
    if (!parsed.success) return showStep(kit, c, row, await current(), lang, messages.invalidValue);
    try {
      const payment = await payments.confirm(row, parsed.data, c.get('logger'));
      if (FINAL.has(payment.status) || payment.action !== 'processing') return goOn(kit, c, payment, lang);
      return c.redirect(withLang(`${paymentPath(row.reference)}?${CODE_TAKEN}=1`, lang), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const payment = await current();
      if (error.code === 'invalid_otp')
        return showStep(
          kit,
          c,
          row,
          { ...payment, attemptsLeft: error.extra.attemptsLeft },
          lang,
          messages.wrongCode,
        );
      if (error.code === 'rate_limited') return showStep(kit, c, row, payment, lang, messages.rate_limited);
      // The last wrong code failed the payment: its own page, read afresh, goes on to its receipt.
      if (error.code === 'otp_locked') return c.redirect(withLang(paymentPath(row.reference), lang), 303);
      if (FINAL.has(payment.status) || error.code === 'payment_not_awaiting_input')
        return goOn(kit, c, payment, lang);
      return showStep(kit, c, row, payment, lang, messages.networkError);
    }
  });
  return app;
}

/**
 * The payment this browser's cookie (or the one carried from the form) opens, counted as the API counts
 * its token checks.
 */
async function authorized(kit: PayKit, c: Context): Promise<PaymentRow | undefined> {
  try {
    const reference = c.req.param('reference') ?? '';
    const row = await kit.payments.authorize(reference, paymentToken(c, reference));
    await kit.limiter.hit('reference', row.reference);
    return row;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await kit.limiter.hit('token', kit.ipOf(c));
      return undefined;
    }
    throw error;
  }
}

function noPayment(kit: PayKit, c: Context) {
  const lang = kit.languageOf(c);
  return kit.send(c, 401, lang, lang.messages.unavailable, unavailableStep(lang.messages));
}

/** What a waiting page keeps in its address (its refresh and "Check again" reload it): why it waits. */
const waitingQuery = (c: Context) =>
  c.req.query(RETURNED) === '1'
    ? `?${RETURNED}=1`
    : c.req.query(CODE_TAKEN) === '1'
      ? `?${CODE_TAKEN}=1`
      : '';

function stepView(kit: PayKit, c: Context, row: PaymentRow, payment: Payment, lang: PageLanguage): StepView {
  const kind: Kind = row.link_id ? 'link' : 'session';
  return {
    payment,
    messages: lang.messages,
    english: lang.messages === en,
    money: kit.moneyIn(lang, payment.currency, payment.currencyExponent),
    date: kit.dateIn(lang, row.country),
    minutesLeft: payment.expiresAt
      ? minutesLeft(Date.parse(payment.expiresAt), kit.deps.clock.now())
      : undefined,
    self: kit.withLang(`${paymentPath(row.reference)}${waitingQuery(c)}`, lang),
    confirmAction: kit.withLang(`${paymentPath(row.reference)}/confirm`, lang),
    csrf: kit.forms.issue(c, `payment:${row.reference}`),
    startAgain: kit.withLang(kit.checkoutPath(kind, row.link_id ?? row.session_id ?? ''), lang),
  };
}

/** On to where the payment goes next; a final one no longer needs the token carried from its form. */
function goOn(kit: PayKit, c: Context, payment: Payment, lang: PageLanguage) {
  if (FINAL.has(payment.status)) forgetCarried(c, payment.reference);
  return c.redirect(kit.nextLocation(payment, lang), 303);
}

function showStep(
  kit: PayKit,
  c: Context,
  row: PaymentRow,
  payment: Payment,
  lang: PageLanguage,
  codeError?: string,
) {
  if (FINAL.has(payment.status)) return goOn(kit, c, payment, lang);
  const view = { ...stepView(kit, c, row, payment, lang), codeError };
  const { messages } = lang;
  const { send, refreshSeconds } = kit;
  switch (payment.action) {
    case 'otp':
    case 'pre-otp':
      return send(
        c,
        codeError ? 422 : 200,
        lang,
        payment.action === 'otp' ? messages.otpTitle : messages.preOtpTitle,
        codeStep(view),
      );
    case 'bank-transfer':
      return send(c, 200, lang, messages.bankTitle, bankTransferStep(view));
    case 'redirect':
      // Back from the provider's page, whose outcome the provider has not told us yet (a cancel there
      // comes back the same way): wait for it here rather than send the payer back to that page.
      if (c.req.query(RETURNED) === '1') {
        c.header('Refresh', refreshSeconds);
        return send(c, 200, lang, messages.confirmingTitle, processingStep(view));
      }
      return send(
        c,
        200,
        lang,
        messages.unfinishedTitle,
        unfinishedStep(view, row.provider ?? messages.hosted),
      );
    default: {
      c.header('Refresh', refreshSeconds);
      const confirming = c.req.query(CODE_TAKEN) === '1';
      return send(
        c,
        200,
        lang,
        confirming ? messages.confirmingTitle : messages.processingTitle,
        processingStep({ ...view, confirming }),
      );
    }
  }
}
