/**
 * The console's session routes, mounted at /console (the console page itself is the demo's).
 * `POST /console/login` takes the merchant API key from a plain HTML form, compares it in constant time,
 * and answers with a session cookie and a 303 to /console; a wrong key is a 303 to `/console?error=1`,
 * saying nothing more. `POST /console/logout` ends the session. `GET /console/session` tells the page
 * whether it is logged in (the cookie is HttpOnly). Login attempts are limited per IP (the `login` scope,
 * 10 a minute by default), even with RATE_LIMITS=off: this guards the key itself.
 *
 * Both POSTs are forms a browser sends with the session cookie, so hono's `csrf` refuses them unless the
 * browser says they come from our own pages (`Sec-Fetch-Site: same-origin`, or an `Origin` of PUBLIC_URL
 * or of the host the request was sent to); a form with neither header is refused too.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { z } from 'zod';
import { knownExponents } from '../checkout/currency.ts';
import { InstantSchema } from '../contract/common.ts';
import { bare, errors, PUBLIC, single } from '../contract/describe.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { readBodyBytes } from '../http/body.ts';
import { clientIp, clientKey } from '../http/client-ip.ts';
import { CONSOLE_COOKIE, CONSOLE_SESSION_MS, isSameOrigin, type ConsoleSessions } from './sessions.ts';
import { ApiError, replaceMiddlewareRefusal } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import { isMerchantKey } from '../middleware/merchant-auth.ts';

/** Lenient: bytes that are not UTF-8 become U+FFFD, and such a key is simply wrong. */
const formText = new TextDecoder();

const consoleRoute = { tags: ['Merchant'] };
const redirect = (description: string) =>
  bare(description, { Location: { description: 'Where to go next', schema: { type: 'string' } } });

const login = createRoute({
  ...consoleRoute,
  method: 'post',
  path: '/login',
  operationId: 'consoleLogin',
  summary: 'Open a console session',
  security: PUBLIC,
  request: {
    // Described, not handed to a validator: whatever the form holds, a wrong key is the same redirect.
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { apiKey: { type: 'string' } }, required: ['apiKey'] },
        },
      },
    },
  },
  responses: {
    303: redirect(
      'To /console with an HttpOnly, SameSite=Strict session cookie (8 h); a wrong key to /console?error=1 without a cookie',
    ),
    ...errors(403, 413, 429),
  },
});

const logout = createRoute({
  ...consoleRoute,
  method: 'post',
  path: '/logout',
  operationId: 'consoleLogout',
  summary: 'End the console session',
  security: PUBLIC,
  responses: { 303: redirect('To /console; the cookie is cleared'), ...errors(403, 429) },
});

const session = createRoute({
  ...consoleRoute,
  method: 'get',
  path: '/session',
  operationId: 'consoleSession',
  summary: 'Whether the console cookie is a live session',
  security: [{ consoleSession: [] }],
  responses: {
    200: single(
      'When the session ends, and the exponent of every currency the backend counts (CURRENCY_EXPONENTS over ISO 4217), for showing amounts',
      z.object({
        expiresAt: InstantSchema,
        currencyExponents: z.record(z.string(), z.int().min(0).max(4)),
      }),
    ),
    ...errors(401, 429),
  },
});

export function consoleRoutes(
  deps: Pick<AppDeps, 'config' | 'publicUrl'>,
  sessions: ConsoleSessions,
  limiter: RateLimiter,
) {
  const { config } = deps;
  const exponents = knownExponents(config.currencyExponents);

  const fromOurPages = replaceMiddlewareRefusal(
    csrf({ origin: (_origin, c) => isSameOrigin(c, sessions.publicOrigin), secFetchSite: 'same-origin' }),
    403,
    () => new ApiError(403, 'forbidden', 'The console form must be posted from the console page (Origin)'),
  );

  const secure = (c: Context) =>
    deps.publicUrl.startsWith('https:') || new URL(c.req.url).protocol === 'https:';

  return createOpenApiApp()
    .openapi({ ...login, middleware: fromOurPages }, async (c) => {
      await limiter.hit('login', clientKey(c, config));
      const urlencoded = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(
        c.req.header('content-type') ?? '',
      );
      // The form's size is createApp's limit (a few kB); anything else in it is a wrong key.
      const form = urlencoded ? formText.decode(await readBodyBytes(c)) : '';
      const apiKey = new URLSearchParams(form).get('apiKey') ?? '';
      if (!isMerchantKey(apiKey, config.merchantApiKeys)) {
        c.get('logger').warn({ ip: clientIp(c, config.trustProxy) }, 'console login refused');
        return c.redirect('/console?error=1', 303);
      }
      await sessions.revoke(getCookie(c, CONSOLE_COOKIE));
      const session = await sessions.create();
      setCookie(c, CONSOLE_COOKIE, session.id, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure: secure(c),
        maxAge: CONSOLE_SESSION_MS / 1000,
      });
      return c.redirect('/console', 303);
    })
    .openapi({ ...logout, middleware: fromOurPages }, async (c) => {
      await sessions.revoke(getCookie(c, CONSOLE_COOKIE));
      deleteCookie(c, CONSOLE_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: secure(c) });
      return c.redirect('/console', 303);
    })
    .openapi(session, async (c) => {
      const expiresAt = await sessions.expiresAt(getCookie(c, CONSOLE_COOKIE));
      if (expiresAt === undefined) {
        throw new ApiError(401, 'unauthorized', 'Not logged in to the console');
      }
      const data = { expiresAt: new Date(expiresAt).toISOString(), currencyExponents: exponents };
      return c.json({ statusCode: 200, data }, 200, { 'cache-control': 'no-store' });
    });
}
