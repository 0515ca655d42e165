// What sticks out of the viewport on a narrow phone, measured from the page's own layout. No test driver
// here: every browser suite (Playwright's Chromium, Firefox, WebKit) runs `measureOverflow` in the page
// with its own `evaluate`, so they all judge a layout by the same numbers.

export interface Overflow {
  viewport: number;
  documentWidth: number;
  widgetWidth: number;
  /** Elements of the widget whose box leaves the viewport on either side, described for the failure message. */
  outside: string[];
  /** Every button and button-like link, and whether it lies inside the viewport. */
  buttons: { name: string; inside: boolean }[];
}

/**
 * Runs in the page (serialized by the driver, so it is self-contained): measures the first
 * `<pay-checkout>`'s shadow tree against the viewport.
 */
export function measureOverflow(): Overflow {
  const widget = document.querySelector('pay-checkout')!;
  const root = widget.shadowRoot!;
  const viewport = document.documentElement.clientWidth;
  const inside = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.left >= 0 && box.right <= viewport;
  };
  const describe = (element: Element) =>
    `<${element.localName} class="${element.className}"> ${(element.textContent ?? '').trim().slice(0, 40)}`;
  return {
    viewport,
    documentWidth: document.documentElement.scrollWidth,
    widgetWidth: widget.scrollWidth,
    outside: [...root.querySelectorAll('*')].filter((element) => !inside(element)).map(describe),
    buttons: [...root.querySelectorAll('button, a[part="submit"]')].map((button) => ({
      name: (button.textContent ?? '').trim(),
      inside: inside(button),
    })),
  };
}

/** What a layout at `width` must satisfy, as a list of broken rules (empty when it fits). */
export function overflowProblems(layout: Overflow, width: number): string[] {
  const problems: string[] = [];
  if (layout.viewport !== width) problems.push(`viewport is ${layout.viewport} px, not ${width}`);
  for (const element of layout.outside) problems.push(`outside the viewport: ${element}`);
  if (layout.documentWidth > width) problems.push(`document scrollWidth ${layout.documentWidth} > ${width}`);
  if (layout.widgetWidth > width) problems.push(`widget scrollWidth ${layout.widgetWidth} > ${width}`);
  for (const button of layout.buttons.filter(({ inside }) => !inside))
    problems.push(`button cut off: ${button.name}`);
  return problems;
}

/**
 * Runs in the page, as `measureOverflow` does, for a page of its own with no widget (the pay page, the
 * receipt): the document itself against the viewport. Its width stands in for the widget's.
 */
export function measureDocumentOverflow(): Overflow {
  const viewport = document.documentElement.clientWidth;
  const inside = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.left >= 0 && box.right <= viewport;
  };
  const describe = (element: Element) =>
    `<${element.localName} class="${element.className}"> ${(element.textContent ?? '').trim().slice(0, 40)}`;
  // What is hidden takes no room: only what the payer can see may stick out.
  const shown = (element: Element) => element.getClientRects().length > 0;
  const elements = [...document.body.querySelectorAll('*')].filter(shown);
  return {
    viewport,
    documentWidth: document.documentElement.scrollWidth,
    widgetWidth: document.body.scrollWidth,
    outside: elements.filter((element) => !inside(element)).map(describe),
    buttons: elements
      .filter((element) => element.matches('button, .button, .receipt__button'))
      .map((button) => ({ name: (button.textContent ?? '').trim(), inside: inside(button) })),
  };
}
