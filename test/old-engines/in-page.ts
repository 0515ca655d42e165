// What the old-engine suite runs inside the page. Those engines parse only the JavaScript of their day,
// and a function's source is whatever this file became after Vitest's transform, so each function is
// compiled down to ES2019 (no `?.`, no `??`) before it is sent, as an expression string: puppeteer 2 and
// 5 evaluate a string as is.
import { transformSync } from 'esbuild';

const compiled = new Map<(...args: never[]) => unknown, string>();

/** `fn(...args)` as an ES2019 expression; `fn` must be self-contained, its arguments JSON. */
export function inPage<Args extends unknown[]>(fn: (...args: Args) => unknown, ...args: Args): string {
  let source = compiled.get(fn);
  if (source === undefined) {
    source = transformSync(`(${fn.toString()})`, { loader: 'js', target: 'es2019' })
      .code.trim()
      .replace(/;$/, '');
    compiled.set(fn, source);
  }
  return `(${source})(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
}

/** The field whose label reads `label` (an optional field's label goes on with "(optional)"). */
export function fieldByLabel(label: string): Element | null {
  const element = document.querySelector('pay-checkout');
  const root = element && element.shadowRoot;
  if (!root) return null;
  for (const candidate of Array.from(root.querySelectorAll('label'))) {
    const text = (candidate.textContent || '').replace(/\s+/g, ' ').trim();
    if (text === label || text.indexOf(`${label} (`) === 0) return candidate.control;
  }
  return null;
}

/** The first button whose text matches `pattern` (a RegExp source, no flags). */
export function buttonByText(pattern: string): Element | null {
  const element = document.querySelector('pay-checkout');
  const root = element && element.shadowRoot;
  if (!root) return null;
  const matcher = new RegExp(pattern);
  for (const button of Array.from(root.querySelectorAll('button')))
    if (matcher.test((button.textContent || '').replace(/\s+/g, ' ').trim())) return button;
  return null;
}

/** The checkout's heading, or '' while it has none. */
export function headingOf(): string {
  const element = document.querySelector('pay-checkout');
  const root = element && element.shadowRoot;
  const heading = root && root.querySelector('h2');
  return heading ? (heading.textContent || '').trim() : '';
}

export function checkoutText(): string {
  const element = document.querySelector('pay-checkout');
  const root = element && element.shadowRoot;
  return root ? root.textContent || '' : '';
}

/** The pay page has handed over: the widget's form is on screen and the server's is gone. */
export function widgetTookOver(): boolean {
  const element = document.querySelector('pay-checkout');
  const root = element && element.shadowRoot;
  return !!root && !!root.querySelector('form button[type="submit"]') && !document.getElementById('pay-form');
}

/** The iframe mode's frame, once the element has put it in its shadow root. */
export function checkoutIframe(): HTMLIFrameElement | null {
  const element = document.querySelector('pay-checkout');
  const root = element && element.shadowRoot;
  return root ? root.querySelector('iframe') : null;
}
