/**
 * Building DOM for the console: every piece of data goes in as text (textContent), never as HTML, so a
 * payer's answer or a provider's label can never become markup. Attributes are set one by one.
 */
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(
  tag: string,
  attributes: Record<string, string | number> = {},
  ...children: Child[]
): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  append(element, children);
  return element as SVGElement;
}

function setAttributes(element: Element, attributes: Record<string, string | boolean | undefined>) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
}

function append(parent: Element, children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A table: a caption, column headings and rows of cells (text or nodes). */
export function table(
  caption: string,
  headings: string[],
  rows: Child[][],
  className?: string,
): HTMLTableElement {
  return h(
    'table',
    { class: className },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...headings.map((heading) => h('th', { scope: 'col' }, heading)))),
    h('tbody', {}, ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))),
  );
}

let scrollIds = 0;

/**
 * A table in its own horizontally scrolling box, so that on a narrow screen the table scrolls and the
 * page never widens. The box takes the keyboard focus (so it can be scrolled without a pointer) and is
 * named by the table's caption.
 */
export function scrollable(table: HTMLTableElement): HTMLElement {
  const caption = table.createCaption();
  caption.id ||= `table-${++scrollIds}`;
  return h(
    'div',
    { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-labelledby': caption.id },
    table,
  );
}

/** Announces a status change to screen readers (and shows it) through the page's live region. */
export function announce(message: string): void {
  const region = document.getElementById('console-status');
  if (region) region.textContent = message;
}
