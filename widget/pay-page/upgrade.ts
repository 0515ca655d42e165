/**
 * The pay page's script (`/widget/pay-checkout-page.js`, served only by the pay page, loaded before the
 * widget's classic script): with JavaScript on, the page's form, drawn by the server and usable from its
 * first paint, becomes the widget, so the payment itself has one code path. The form is never taken away
 * before the widget can replace it whole:
 * - the widget is made hidden beside the form, and shown only once it is ready (its form on screen, in
 *   its language: `pay-ready`), in the same task that removes the server's form: one frame, no skeleton;
 * - what the payer typed meanwhile goes into the widget's form (`answer`), and the focus with it;
 * - a form already submitted (its post on its way) is left alone, and so is one with a file chosen (a
 *   file cannot be handed over); a widget that cannot run, or never gets ready, leaves the form as it is.
 * The config comes from the page's own data block, so the widget makes no request before it shows.
 */
import type { FieldAnswer } from '../contract/index.ts';
import type * as Widget from '../index.ts';
import { pageConfigFetch } from '../isolation/page-config.ts';

declare global {
  /** The widget's classic script's namespace (vite.config.ts, `name`). */
  var PayCheckout: typeof Widget;
}

/** The part of the page the widget takes over: the merchant's header and the form. */
const area = document.getElementById('pay-form');
const form = area?.querySelector('form');
let submitted = false;
form?.addEventListener('submit', () => (submitted = true));

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

function swap(element: Widget.PayCheckout) {
  const controls = [...(form!.elements as unknown as Iterable<Control>)].filter((control) => control.name);
  if (submitted || controls.some((control) => control.files?.length)) return element.remove();
  const focused = controls.find((control) => control === document.activeElement);
  element.answer(answersOf(controls), focused && focused.name);
  area!.remove();
  element.hidden = false;
}

function start() {
  if (submitted) return;
  const { kind, id } = area!.dataset;
  const element = document.createElement('pay-checkout');
  element.transport = {
    ...PayCheckout.browserTransport,
    fetch: pageConfigFetch(kind, id, PayCheckout.browserTransport.fetch),
  };
  element.locale = document.documentElement.lang;
  element.hidden = true;
  element.addEventListener('pay-ready', () => swap(element), { once: true });
  element.setAttribute(kind === 'session' ? 'session' : 'link', id ?? '');
  area!.after(element);
}

if (form && window.customElements) void customElements.whenDefined('pay-checkout').then(start);
