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

/**
 * Names each cell of `table` by its column (`data-label`, from the heading above it) where the cell has
 * no name yet, and marks the table `stacked`: on a narrow screen each row is then a card of its own,
 * every value beside its column's name (console.css).
 */
export function stacked(table: HTMLTableElement): HTMLTableElement {
  const headings = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '');
  for (const body of table.tBodies)
    for (const row of body.rows)
      [...row.cells].forEach((cell, index) => {
        if (!cell.dataset.label) cell.dataset.label = headings[index] ?? '';
      });
  table.classList.add('stacked');
  return table;
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
 * A table in its own horizontally scrolling box, so that the page never widens; on a narrow screen its
 * rows stack as cards (`stacked`), so nothing needs scrolling there. The box takes the keyboard focus (so
 * it can be scrolled without a pointer) and is named by the table's caption.
 */
export function scrollable(table: HTMLTableElement): HTMLElement {
  stacked(table);
  const caption = table.createCaption();
  caption.id ||= `table-${++scrollIds}`;
  return h(
    'div',
    { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-labelledby': caption.id },
    table,
  );
}

/** The last status line of each tab, by its panel's id: shown again when the tab is. */
const statusOfPanel = new Map<string, string>();

/**
 * Announces a status change to screen readers (and shows it) through the page's live region, for the tab
 * that `from` is in. A tab in the background (a payout that settles while another tab is open) keeps its
 * line for when it is shown again: the line above a tab is always that tab's own.
 */
export function announce(from: Element, message: string): void {
  const panel = from.closest('[role="tabpanel"]');
  if (panel) statusOfPanel.set(panel.id, message);
  const region = document.getElementById('console-status');
  if (region && !panel?.closest('[hidden]')) region.textContent = message;
}

/** The status line of the tab whose panel is now shown: its own last one, or none. */
export function showStatusOf(panel: Element): void {
  const region = document.getElementById('console-status');
  if (region) region.textContent = statusOfPanel.get(panel.id) ?? '';
}
