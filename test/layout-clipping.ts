// Text that a narrow screen spoils without widening the page: cut by its own box or by a box around it
// that hides what overflows (a table's scrolling box), pushed past the screen's edge, or squeezed into a
// column so narrow it wraps a letter or two a line. Like layout-overflow.ts, no test driver here: the
// function runs in the page through the driver's `evaluate`, so it is self-contained.

/**
 * Runs in the page: every visible element under the first element matching `selector` that holds text of
 * its own, described with what is wrong with it ("cut", "outside", "squeezed"). Empty when all reads whole.
 */
export function measureClippedText(selector: string): string[] {
  const root = document.querySelector(selector);
  if (!root) return [`nothing matches ${selector}`];
  const viewport = document.documentElement.clientWidth;
  const problems: string[] = [];
  const describe = (element: Element) =>
    `<${element.localName} class="${element.getAttribute('class') ?? ''}"> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  /** What the page shows as text: visually hidden text (1 px, clipped on purpose) is left out. */
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return element.getClientRects().length > 0 && box.width > 1 && box.height > 1;
  };
  const ownText = (element: Element) =>
    [...element.childNodes].filter((node) => node.nodeType === 3 && (node.textContent ?? '').trim() !== '');
  for (const element of root.querySelectorAll('*')) {
    const texts = ownText(element);
    if (texts.length === 0 || !shown(element)) continue;
    const box = element.getBoundingClientRect();
    // Its own box: text wider than a box that is laid out as one (inline boxes have no client width).
    if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
      problems.push(
        `cut (scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}): ${describe(element)}`,
      );
    if (box.left < -0.5 || box.right > viewport + 0.5)
      problems.push(`outside the screen: ${describe(element)}`);
    // Any box around it that hides what overflows it, and scrolls it out of sight.
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        problems.push(`cut by ${describe(parent).slice(0, 40)}: ${describe(element)}`);
        break;
      }
    }
    // A letter a line: lines of text averaging under four characters each.
    for (const node of texts) {
      const text = (node.textContent ?? '').trim();
      if (text.length < 8) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      if (lines > 1 && text.length / lines < 4)
        problems.push(`squeezed into ${lines} lines: ${describe(element)}`);
    }
  }
  return problems;
}
