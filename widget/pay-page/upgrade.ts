/**
 * The pay page's script (`/widget/pay-checkout-page.js`, served only by the pay page, loaded before the
 * widget's classic script): with JavaScript on, the page's form, drawn by the server and usable from its
 * first paint, becomes the widget, so the payment itself has one code path. The form is never taken away
 * before the widget can replace it whole, nor from a payer who has begun with it, nor for good:
 * - the widget is made hidden beside the form, and shown only once it is ready (its form on screen, in
 *   its language, and what Pay runs has run in this browser: `pay-ready`), in the same task that removes
 *   the server's form: one frame, no skeleton;
 * - a payer who has begun with the form (a field focused, a value typed or chosen, the form sent) keeps
 *   it: the widget, not ready yet, goes. What changed without the payer (a form the browser restored on
 *   Back) goes into the widget's form (`answer`);
 * - a widget that fails (its own code, in this browser: `pay-error` `internal` with no answer) before a
 *   payment is under way gives the server's form back, with the answers the payer gave the widget;
 * - a widget that cannot run, or never gets ready, leaves the form as it is.
 * The config comes from the page's own data block, so the widget makes no request before it shows.
 */
import type { FieldAnswer } from '../shared/contract.ts';
import type * as Widget from '../index.ts';
import { pageConfigFetch } from '../isolation/page-config.ts';

declare global {
  /** The widget's classic script's namespace (vite.config.ts, `name`). */
  var PayCheckout: typeof Widget;
}

/** The part of the page the widget takes over: the merchant's header and the form. */
const area = document.getElementById('pay-form');
const form = area?.querySelector('form');
/** The widget made for the form, until it replaces the form or goes. */
let widget: Widget.PayCheckout | undefined;
/** The payer is in the form, or was: it is theirs to finish (the focus may already be there now). */
let begun = !!form?.contains(document.activeElement);
const begin = () => {
  begun = true;
  if (widget?.hidden) widget.remove();
};
for (const type of ['focusin', 'input', 'change', 'submit']) form?.addEventListener(type, begin);

/** An input, a select or a text area: each has a name, a type and a value. */
type Control = HTMLInputElement;

/**
 * What the payer changed in the form, by the API's paths (the server's form names its controls so, but
 * for a method's network, `network.<provider>`, which the widget holds as `method.network`).
 */
function answersOf(controls: Iterable<Control>): Record<string, FieldAnswer> {
  const answers: Record<string, FieldAnswer> = {};
  const networks: Record<string, string> = {};
  let provider = '';
  for (const control of controls) {
    const { name, type } = control;
    if (type === 'radio') {
      if (control.checked) provider = control.value;
      if (control.checked && !control.defaultChecked) answers[name] = control.value;
    } else if (type === 'checkbox') {
      if (control.checked !== control.defaultChecked) answers[name] = control.checked;
    } else if (name.startsWith('network.')) networks[name.slice(8)] = control.value;
    // A select has no default value: the server's selects (a dropdown field) start on an empty choice.
    else if (
      type !== 'hidden' &&
      type !== 'file' &&
      control.value !== ((control as Partial<Control>).defaultValue ?? '')
    )
      answers[name] = control.value;
  }
  const network = networks[provider];
  if (network) answers['method.network'] = network;
  return answers;
}

/**
 * The reverse of `answersOf`: the widget's answers, by the API's paths, into the server's form. The
 * widget's phone field for the provider's page (`customer.phoneNumber`) is the form's only phone field;
 * a network goes to the chosen method's; a file cannot be handed over (it is chosen again).
 */
function putBack(answers: Record<string, FieldAnswer>) {
  const elements = form!.elements;
  const control = (name: string) => elements.namedItem(name) as Control | RadioNodeList | null;
  const { 'method.network': network, 'customer.phoneNumber': phone, ...rest } = answers;
  for (const [name, value] of Object.entries({ 'method.phoneNumber': phone, ...rest })) {
    const target = control(name);
    if (!target || value === undefined) continue;
    const type = target instanceof RadioNodeList ? 'radios' : target.type;
    if (type === 'file' || type === 'hidden') continue;
    // One radio alone is not a list: its value is the option's, not the answer's.
    if (type === 'radio') (target as Control).checked = (target as Control).value === value;
    else if (typeof value === 'boolean') (target as Control).checked = value;
    else target.value = String(value);
  }
  const chosen = control(`network.${(control('method.provider') as RadioNodeList | null)?.value}`);
  if (chosen && network !== undefined) chosen.value = String(network);
}

function swap(element: Widget.PayCheckout) {
  // A widget let go (the payer began) still renders, and may get ready, off the page.
  if (!element.isConnected) return;
  const controls = [...(form!.elements as unknown as Iterable<Control>)].filter((control) => control.name);
  element.answer(answersOf(controls));
  area!.remove();
  element.hidden = false;
}

/**
 * The widget failed: it goes, and, once it had taken the form's place, the form comes back where it was
 * with the widget's answers, the focus on the same control (or on Pay) if it was in the widget. Not
 * while a payment is under way: a fresh form would start a second one; the widget's own screen then
 * offers the pay page again.
 */
function giveBack(element: Widget.PayCheckout) {
  if (!element.hidden) {
    putBack(element.answer({}));
    const focused = (element.shadowRoot?.activeElement as Control | null | undefined)?.name;
    element.before(area!);
    if (focused !== undefined) {
      const same = form!.elements.namedItem(focused);
      (same instanceof HTMLElement ? same : form!.querySelector<HTMLElement>('[type=submit]'))?.focus();
    }
  }
  element.remove();
}

function start() {
  if (begun) return;
  const { kind, id } = area!.dataset;
  const element = (widget = document.createElement('pay-checkout'));
  element.transport = {
    ...PayCheckout.browserTransport,
    fetch: pageConfigFetch(kind, id, PayCheckout.browserTransport.fetch),
  };
  element.locale = document.documentElement.lang;
  element.hidden = true;
  element.addEventListener('pay-ready', () => swap(element), { once: true });
  // A payment under way from a code, the phone's approval or a page on; over once it failed or was left.
  let paying = false;
  for (const type of ['pay-otp-required', 'pay-pending', 'pay-success', 'pay-failed', 'pay-cancel'] as const)
    element.addEventListener(type, () => (paying = type !== 'pay-failed' && type !== 'pay-cancel'));
  element.addEventListener('pay-error', ({ detail }) => {
    if (!paying && detail.status === 0 && detail.error.code === 'internal') giveBack(element);
  });
  element.setAttribute(kind === 'session' ? 'session' : 'link', id ?? '');
  area!.after(element);
}

if (form && window.customElements) void customElements.whenDefined('pay-checkout').then(start);

// The share block's address (outside the form, which the widget takes over): selected whole when it is
// focused or tapped, ready to copy. Without script it is there to select by hand.
const copy = document.querySelector<HTMLTextAreaElement>('[data-copy]');
for (const type of ['focus', 'click']) copy?.addEventListener(type, () => copy.select());
