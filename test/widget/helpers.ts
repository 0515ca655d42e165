/** Mounting `<pay-checkout>` on a fake backend and acting on it as a payer would. */
import { fixture, html, oneEvent } from '@open-wc/testing';
import '../../widget/index.ts';
import { PAY_EVENTS } from '../../widget/element/event-names.ts';
import type { PayCheckout } from '../../widget/element/pay-checkout.ts';
import { FakeBackend } from './fake-backend.ts';

export interface Mounted {
  el: PayCheckout;
  backend: FakeBackend;
  /** Every `pay-*` event fired, in order, as seen on `document` (so they bubble and are composed). */
  events: (Event & { detail?: unknown })[];
}

let recording: ((event: Event) => void) | undefined;

/**
 * Mounts the element with `attributes` and waits for `pay-ready` (unless `ready` is false). The tab's
 * saved payments are forgotten first unless `keepSaved`, so each test starts with a fresh payer.
 */
export async function mount(
  backend = new FakeBackend(),
  attributes: Record<string, string> = { link: 'lnk_1' },
  { ready = true, keepSaved = false } = {},
): Promise<Mounted> {
  if (!keepSaved) sessionStorage.clear();
  const el = document.createElement('pay-checkout');
  el.transport = backend;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const events: Mounted['events'] = [];
  for (const type of PAY_EVENTS) {
    if (recording) document.removeEventListener(type, recording);
  }
  recording = (event: Event) => events.push(event);
  for (const type of PAY_EVENTS) document.addEventListener(type, recording);
  const isReady = oneEvent(el, 'pay-ready');
  await fixture(html`${el}`);
  if (ready) await isReady;
  await el.updateComplete;
  return { el, backend, events };
}

export const $ = <T extends Element = HTMLElement>(el: PayCheckout, selector: string) =>
  el.shadowRoot!.querySelector<T & HTMLElement>(selector);
export const $$ = <T extends Element = HTMLElement>(el: PayCheckout, selector: string) => [
  ...el.shadowRoot!.querySelectorAll<T & HTMLElement>(selector),
];
export const control = (el: PayCheckout, name: string) => $<HTMLInputElement>(el, `[name="${name}"]`)!;

/** What the payer reads: the visible text of the card, whitespace collapsed. */
export const text = (el: PayCheckout) => ($(el, '.pay')!.textContent ?? '').replace(/\s+/g, ' ').trim();
export const heading = (el: PayCheckout) => $(el, '.pay__heading')?.textContent?.trim();
export const errorOf = (el: PayCheckout, name: string) => {
  const input = control(el, name);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => el.shadowRoot!.getElementById(id))
    .find((node) => node?.classList.contains('pay__error'));
  return error?.textContent?.trim();
};

/** Types into a named control as the browser reports it: value set, then `input` and `change`. */
export async function fill(el: PayCheckout, name: string, value: string | boolean) {
  const input = control(el, name);
  input.focus();
  if (typeof value === 'boolean') input.checked = value;
  else input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await el.updateComplete;
}

export async function choose(el: PayCheckout, name: string, value: string) {
  const radio =
    $<HTMLInputElement>(el, `[name="${name}"][value="${value}"]`) ??
    $$<HTMLInputElement>(el, `[name="${name}"]`).find((input) => input.value === value)!;
  radio.click();
  await el.updateComplete;
}

export async function click(el: PayCheckout, label: string) {
  const button = $$(el, 'button, a').find((node) => node.textContent?.trim() === label);
  if (!button) throw new Error(`no button "${label}" in: ${text(el)}`);
  button.click();
  await el.updateComplete;
}

export const submit = (el: PayCheckout) => $<HTMLButtonElement>(el, 'button[type="submit"]')!;

/** Resolves once `predicate` holds, checked after each render (no timers). */
export async function rendered(el: PayCheckout, predicate: () => boolean, what = 'condition') {
  for (let turn = 0; turn < 200; turn++) {
    if (predicate()) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await el.updateComplete;
  }
  throw new Error(`never rendered: ${what}; screen: ${text(el)}`);
}
