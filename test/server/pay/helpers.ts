// The pay page driven as a browser without script drives it: GET a page, keep its cookies, post its form.
import type { AppFixture } from '../app-fixture.ts';

/** A browser's cookie jar, by name (paths are checked by the tests that care). */
export class Browser {
  cookies = new Map<string, { value: string; path: string }>();
  private readonly strictPaths: boolean;
  /**
   * `strictPaths`: cookies as lynx keeps and sends them. It keeps a cookie only when its path is the
   * request's or above it (RFC 2109), so `/pay/p/<reference>` set by the form's post to `/pay/<link>` is
   * dropped, and it matches the path against the URL with its query, so `/pay/p/<reference>?lang=en` is
   * not under `/pay/p/<reference>`.
   */
  constructor(
    private readonly t: AppFixture,
    options: { strictPaths?: boolean } = {},
  ) {
    this.strictPaths = options.strictPaths ?? false;
  }

  private cookieHeader(path: string, search: string) {
    const matched = this.strictPaths ? `${path}${search}` : path;
    return [...this.cookies]
      .filter(
        ([, cookie]) =>
          matched === cookie.path || matched.startsWith(`${cookie.path}/`) || cookie.path === '/',
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private keep(response: Response, requestPath: string) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const path = attributes.map((a) => /^\s*Path=(.*)$/i.exec(a)?.[1]).find(Boolean) ?? '/';
      if (this.strictPaths && !requestPath.startsWith(path)) continue;
      if (/^\s*Max-Age=0$/im.test(attributes.join('\n'))) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), { value, path });
    }
  }

  async request(path: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
    const { pathname, search } = new URL(path, 'http://pay.test');
    const response = await this.t.app.request(path, {
      ...init,
      headers: { cookie: this.cookieHeader(pathname, search), 'user-agent': 'test-browser', ...headers },
    });
    this.keep(response, pathname);
    return {
      response,
      status: response.status,
      text: await response.text(),
      location: response.headers.get('location'),
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, {}, headers);
  }

  /**
   * A checkout form's token travels in the URL it posts to (its `action`): a `_csrf` put in a FormData
   * (formOf) is moved there, so tests may name the path they post to. Other forms keep it in the body.
   */
  post(path: string, form: FormData | URLSearchParams) {
    const token = form instanceof FormData ? form.get('_csrf') : null;
    if (typeof token !== 'string') return this.request(path, { method: 'POST', body: form });
    form.delete('_csrf');
    const url = `${path}${path.includes('?') ? '&' : '?'}_csrf=${encodeURIComponent(token)}`;
    return this.request(url, { method: 'POST', body: form });
  }
}

/** The value of hidden input `name` in a page. */
export const hidden = (page: string, name: string) =>
  new RegExp(`name="${name.replace('.', '\\.')}"\\s+value="([^"]*)"`).exec(page)?.[1] ?? '';

/** The token of a checkout form, from the URL it posts to. */
export const formToken = (page: string) => /action="[^"]*(?:\?|&amp;)_csrf=([^"&]*)"/.exec(page)?.[1] ?? '';

/** The form of a page as the browser would post it, with `answers` filled in (its token: see Browser.post). */
export function formOf(page: string, answers: Record<string, string | File>): FormData {
  const form = new FormData();
  form.set('_csrf', formToken(page));
  form.set('_key', hidden(page, '_key'));
  for (const [name, value] of Object.entries(answers)) form.set(name, value);
  return form;
}

/** `lnk_fixed_ci`'s answers (a required text field; anonymous payments off), paying from `phone`. */
export const fixedLinkAnswers = (phone: string) => ({
  'fields.subscriber_id': 'AB-1234',
  'customer.name': 'Awa Koné',
  'customer.email': 'awa@example.com',
  'method.phoneNumber': phone,
});
