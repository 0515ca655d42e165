/**
 * A list section's common moves: a filter form, a page of results fetched with the filters, previous
 * and next buttons, and the outcome announced in the live region. The section supplies the fetch and
 * how one page is drawn.
 */
import { ApiFailure, type ListAnswer } from './api.ts';
import { announce, h, scrollable } from './dom.ts';

export interface PagedListOptions<T> {
  /** What is listed, singular and plural, for announcements (["payment", "payments"]). */
  noun: [string, string];
  form: HTMLFormElement;
  results: HTMLElement;
  load(filters: Record<string, string>, page: number): Promise<ListAnswer<T>>;
  /** One page as a table (shown in its own scrolling box). */
  render(items: T[]): HTMLTableElement;
}

export function pagedList<T>(options: PagedListOptions<T>) {
  const { form, results } = options;
  const [one, many] = options.noun;
  let page = 1;
  let filters: Record<string, string> = {};

  async function show() {
    results.setAttribute('aria-busy', 'true');
    try {
      const list = await options.load(filters, page);
      const previous = h(
        'button',
        { type: 'button', class: 'secondary', disabled: list.page <= 1 },
        'Previous page',
      );
      const next = h(
        'button',
        { type: 'button', class: 'secondary', disabled: list.page >= list.pages },
        'Next page',
      );
      previous.addEventListener('click', () => void go(page - 1));
      next.addEventListener('click', () => void go(page + 1));
      const count = `${list.total} ${list.total === 1 ? one : many}`;
      const summary = list.pages > 1 ? `${count}; page ${list.page} of ${list.pages}` : count;
      results.replaceChildren(
        list.data.length
          ? scrollable(options.render(list.data))
          : h('p', { class: 'muted' }, `No ${many} match.`),
        h(
          'nav',
          { class: 'pager', 'aria-label': `Pages of ${many}` },
          previous,
          h('span', {}, summary),
          next,
        ),
      );
      // A tab left while its list loaded stays quiet: the live region speaks for the visible one.
      if (!results.closest('[hidden]')) announce(`Showing ${summary}.`);
    } catch (error) {
      const message = error instanceof ApiFailure ? error.message : `Could not load the ${many}.`;
      results.replaceChildren(h('p', { class: 'error', role: 'alert' }, message));
    } finally {
      results.removeAttribute('aria-busy');
    }
  }

  async function go(to: number) {
    page = Math.max(1, to);
    await show();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    filters = {};
    for (const [name, value] of new FormData(form))
      if (typeof value === 'string' && value) filters[name] = value;
    void go(1);
  });

  return { refresh: show };
}
