/**
 * Submitting the sandbox's hosted page as a browser does: open the page (which gives its nonce cookie
 * and the form's token), then post the choice with both. A page that shows no form (a final payment)
 * gives neither, and the post goes without.
 */

/** `app.request` or `fetch`: whatever reaches the page. */
export type Send = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The page's form, as the browser that opened it would send it. */
export async function openForm(send: Send, url: string) {
  const page = await send(url);
  const cookie = page.headers.get('set-cookie')?.split(';')[0];
  const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
  return { cookie, token };
}

/** Posts `fields` (plus the token) to the page with the cookie; the answer's redirect is not followed. */
export async function submitHostedPage(send: Send, url: string, fields: Record<string, string>) {
  const { cookie, token } = await openForm(send, url);
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ ...fields, ...(token ? { token } : {}) }).toString(),
    redirect: 'manual',
  });
}
