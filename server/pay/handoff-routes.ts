/**
 * "Pay on your phone" on the pay page. The desktop's form posts its answers so far to `<pay page>/phone`:
 * a handoff is made of them (checked as a payment's are), its follow token kept in a cookie scoped to its
 * pages. The desktop then waits on `/pay/h/<id>/wait` (the QR code, then the receipt); the phone opens
 * `/pay/h/<id>`, the checkout's form filled in with the desktop's answers, posting back there.
 */
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { toDecimalText } from '../../widget/shared/money.ts';
import { unavailability } from '../checkout/availability.ts';
import type { AppEnv } from '../env.ts';
import { narrowBodyLimit, readFormBody } from '../http/body.ts';
import { payFormLimit } from '../body-limits.ts';
import { ApiError } from '../http/errors.ts';
import { findPayment } from '../payments/repository.ts';
import type { HandoffRow } from '../store/schema.ts';
import { handoffPagePath, handoffQrPath, handoffView } from '../handoffs/routes.ts';
import { answersFor, ENDED_WITHOUT_SUCCESS, handoffAnswers } from '../handoffs/service.ts';
import { answersOf, fieldMessages, readForm, type FormBody } from './form-input.ts';
import { payForm } from './form-post.ts';
import { renderForm } from './form-render.ts';
import { html } from './html.ts';
import { FINAL, FORM_TOKEN, type Kind, type PayKit } from './kit.ts';
import type { PageLanguage } from './language.ts';
import { paymentPath } from './payment-cookie.ts';
import { paymentMethod } from './receipts/view.ts';
import { handoffStep } from './step-pages.ts';
import { HANDOFF_MESSAGES } from './handoff-messages.ts';

/** The desktop's follow token of a handoff, on that handoff's pages only. */
const FOLLOW_COOKIE = 'pay_handoff';
/** The claim secret of the phone a handoff belongs to: this prefix, then the handoff's id. */
const CLAIM_COOKIE = 'pay_claim_';

export function handoffRoutes(kit: PayKit) {
  const { languageOf, withLang } = kit;
  const app = new Hono<AppEnv>();
  app.post('/session/:id/phone', (c) => handOff(kit, c, 'session', c.req.param('id')));
  app.post('/:link/phone', (c) => handOff(kit, c, 'link', c.req.param('link')));

  // The phone's page: the checkout's form, filled in with the desktop's answers, posting back here.
  app.get('/h/:id', async (c) => {
    const row = await phoneHandoff(kit, c, true);
    if (row instanceof Response) return row;
    const loaded = await kit.loadCheckout(c, row.kind, row.checkout_id);
    if (loaded instanceof Response) return loaded;
    const answers = handoffAnswers(row);
    const typedAmount = answers.amount === undefined ? undefined : Number(answers.amount);
    if (typedAmount !== undefined) answers.amount = toDecimalText(typedAmount, loaded.currencyExponent);
    return renderForm(kit, c, 200, loaded, languageOf(c, loaded.locale), {
      answers,
      typedAmount,
      handoff: row.id,
    });
  });
  // Only the phone that opened the form pays through it: a post never claims a handoff.
  app.post('/h/:id', async (c) => {
    const row = await phoneHandoff(kit, c, false);
    if (row instanceof Response) return row;
    return payForm(kit, c, row.kind, row.checkout_id, row.id);
  });

  // The desktop's page: the QR code until the payment made from the phone is final, then its receipt.
  app.get('/h/:id/wait', async (c) => {
    const row = await handoffOr(kit, c, true);
    if (row instanceof Response) return row;
    const lang = languageOf(c);
    const { payment } = await handoffView(kit, row, c.get('logger'));
    if (payment && FINAL.has(payment.status)) return c.redirect(kit.nextLocation(payment, lang), 303);
    c.header('Refresh', kit.refreshSeconds);
    const self = withLang(`${handoffPagePath(row.id)}/wait`, lang);
    // The phone's payment under way (a final one went to its receipt): what it pays, in place of the code.
    const paying = payment ? await payingRows(kit, c, row, lang) : undefined;
    return kit.send(
      c,
      200,
      lang,
      paying ? lang.messages.handoffWaiting : lang.messages.payOnPhone,
      handoffStep(
        lang.messages,
        handoffQrPath(row.id, 'svg', lang.language),
        `${kit.publicUrl}${handoffPagePath(row.id, lang.language)}`,
        self,
        paying,
      ),
    );
  });
  return app;
}

async function handOff(kit: PayKit, c: Context<AppEnv>, kind: Kind, id: string) {
  const loaded = await kit.loadCheckout(c, kind, id);
  if (loaded instanceof Response) return loaded;
  const lang = kit.languageOf(c, loaded.locale);
  const reason = unavailability(loaded);
  if (reason) return kit.unpayable(c, loaded, reason, lang);
  if (!kit.forms.verify(c, `${kind}:${id}`, c.req.query(FORM_TOKEN)))
    return renderForm(kit, c, 403, loaded, lang, { alert: kit.refusedPost(c, lang) });
  narrowBodyLimit(c, payFormLimit('handoff', false));
  const body = (await readFormBody(c, { all: true })) as FormBody;
  const answers = answersOf(body, loaded);
  const { input, typedAmount } = readForm(loaded, body, {}, lang.locale, `${kit.publicUrl}/pay/return`);
  const { fields } = input;
  for (const custom of loaded.customFields) if (custom.type === 'file-upload') delete fields[custom.name];
  const customer = Object.fromEntries(Object.entries(input.customer).filter(([, v]) => v !== undefined));
  try {
    const given = answersFor(loaded, { amount: typedAmount, customer, fields });
    await kit.limiter.hit('create', kit.ipOf(c));
    const created = await kit.handoffs.create(loaded, given);
    setCookie(c, FOLLOW_COOKIE, created.followToken, {
      path: handoffPagePath(created.id),
      httpOnly: true,
      sameSite: 'Lax',
      secure: kit.secureCookies,
    });
    return c.redirect(kit.withLang(`${handoffPagePath(created.id)}/wait`, lang), 303);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { min, max } = loaded.amount;
    const money = kit.moneyIn(lang, loaded.currency, loaded.currencyExponent);
    const bounds = {
      min: min === undefined ? undefined : money(min),
      max: max === undefined ? undefined : money(max),
    };
    const errors = fieldMessages(error.extra.fields ?? [], lang.messages, bounds);
    const alert = error.code === 'rate_limited' ? lang.messages.rate_limited : lang.messages.fixErrors;
    return renderForm(kit, c, error.status, loaded, lang, { answers, typedAmount, errors, alert });
  }
}

/** An open handoff, or the page that says it cannot be used (unknown, expired, not this desktop's). */
async function handoffOr(kit: PayKit, c: Context, follow: boolean): Promise<HandoffRow | Response> {
  try {
    const id = c.req.param('id') ?? '';
    return follow
      ? await kit.handoffs.followed(id, getCookie(c, FOLLOW_COOKIE))
      : await kit.handoffs.open(id);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) await kit.limiter.hit('token', kit.ipOf(c));
    return kit.unavailable(c, error, kit.languageOf(c));
  }
}

/**
 * The handoff a phone opens, or the page it gets instead: the one that says the handoff cannot be used
 * or is another phone's, or the page of the payment already made through it.
 */
async function phoneHandoff(kit: PayKit, c: Context, mayClaim: boolean): Promise<HandoffRow | Response> {
  const row = await handoffOr(kit, c, false);
  if (row instanceof Response) return row;
  return (await claimant(kit, c, row, mayClaim)) ?? (await paidThrough(kit, c, row)) ?? row;
}

/**
 * A handoff already paid through (or being paid), seen from a phone: that payment's page, which only the
 * phone that made it can open (its token cookie), rather than a form anyone who saw the QR code could
 * use to pay again and change what the desktop shows.
 */
async function paidThrough(kit: PayKit, c: Context, row: HandoffRow): Promise<Response | undefined> {
  if (!row.payment_reference) return undefined;
  const paid = await findPayment(kit.deps.store.db, row.payment_reference);
  if (!paid || (ENDED_WITHOUT_SUCCESS as readonly string[]).includes(paid.status)) return undefined;
  return c.redirect(kit.withLang(paymentPath(paid.reference), kit.languageOf(c)), 303);
}

/**
 * The phone a handoff belongs to (see `claim` in the handoff service): on the first open (a GET) the
 * phone gets its claim secret in an HttpOnly cookie named after the handoff, `Path=/pay/h` so that lynx,
 * which matches a path against the URL with its query, sends it back to `/pay/h/<id>?lang=…` too; it
 * lasts as long as the handoff is open. The desktop that made the handoff (its follow cookie) may open
 * it without claiming it. Any other device gets the page that says the code was used: no answers.
 */
async function claimant(
  kit: PayKit,
  c: Context,
  row: HandoffRow,
  mayClaim: boolean,
): Promise<Response | undefined> {
  const { handoffs } = kit;
  if (handoffs.isFollower(row, getCookie(c, FOLLOW_COOKIE))) return undefined;
  const name = `${CLAIM_COOKIE}${row.id}`;
  const presented = getCookie(c, name);
  const claimed = mayClaim || row.claim_hash !== null ? await handoffs.claim(row, presented) : undefined;
  if (claimed?.token)
    setCookie(c, name, claimed.token, {
      path: '/pay/h',
      httpOnly: true,
      sameSite: 'Lax',
      secure: kit.secureCookies,
      maxAge: Math.max(1, Math.ceil((Number(row.expires_at) - kit.deps.clock.now()) / 1000)),
    });
  if (claimed) return undefined;
  const lang = kit.languageOf(c);
  const { usedTitle, usedText } = HANDOFF_MESSAGES[lang.language];
  return kit.send(
    c,
    409,
    lang,
    usedTitle,
    html`<h1>${usedTitle}</h1>
        <p>${usedText}</p>`,
  );
}

/** What the phone's payment pays, for the desktop: its amount and method (as its receipt names them). */
async function payingRows(kit: PayKit, c: Context<AppEnv>, row: HandoffRow, lang: PageLanguage) {
  const paid = row.payment_reference
    ? await findPayment(kit.deps.store.db, row.payment_reference)
    : undefined;
  if (!paid) return undefined;
  const loaded = await kit.loadCheckout(c, row.kind, row.checkout_id);
  const method = paymentMethod(paid, loaded instanceof Response ? undefined : loaded, lang.messages);
  const rows: [string, string][] = [
    [lang.messages.amount, kit.moneyIn(lang, paid.currency, paid.currency_exponent)(paid.amount)],
  ];
  if (method) rows.push([HANDOFF_MESSAGES[lang.language].method, method]);
  return rows;
}
