// What sticks out of the viewport, measured from the page's own layout: shared by the Chromium 320 px spec
// and the WebKit suite. `measureOverflow` runs in the page (Playwright's evaluate, WebDriver's
// executeScript), so it uses nothing from outside its own body.

export interface Overflow {
  viewport: number;
  documentWidth: number;
  widgetWidth: number;
  /** Elements of the widget whose box leaves the viewport on either side, described for the failure message. */
  outside: string[];
  /** Every button and button-like link, and whether it lies inside the viewport. */
  buttons: { name: string; inside: boolean }[];
}

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
