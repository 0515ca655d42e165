/**
 * A list section's common moves: a filter form, a page of results fetched with the filters, previous
 * and next buttons, and the outcome announced in the live region. The section supplies the fetch and
 * how one page is drawn.
 */
import { ApiFailure, withQuery, type ListAnswer } from './api.ts';
import { announce, h, scrollable } from './dom.ts';

export interface PagedListOptions<T> {
  /** What is listed, singular and plural, for announcements (["payment", "payments"]). */
  noun: [string, string];
  form: HTMLFormElement;
  results: HTMLElement;
  load(filters: Record<string, string>, page: number): Promise<ListAnswer<T>>;
  /** One page as a table (shown in its own scrolling box). */
  render(items: T[]): HTMLTableElement;
  /** The list's export (`/api/v1/payments/export`): a "Download CSV" link follows the filters. */
  exportPath?: string;
}

/**
 * A "Download CSV" link to `path` after `form`: a plain same-origin GET, so the session cookie goes
 * along and the browser saves the streamed file itself. Answers a setter for the current filters.
 */
export function downloadLink(form: HTMLElement, path: string, noun: string) {
  const link = h('a', { class: 'button secondary download', href: path, download: '' }, 'Download CSV');
  link.setAttribute('aria-label', `Download the ${noun} as CSV`);
  form.after(link);
  return (filters: Record<string, string>) => {
    link.href = withQuery(path, filters);
  };
}

export function pagedList<T>(options: PagedListOptions<T>) {
  const { form, results } = options;
  const [one, many] = options.noun;
  let page = 1;
  let filters: Record<string, string> = {};
  const exportFor = options.exportPath ? downloadLink(form, options.exportPath, many) : undefined;

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
      announce(results, `Showing ${summary}.`);
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
    exportFor?.(filters);
    void go(1);
  });

  return { refresh: show };
}
