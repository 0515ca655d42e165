// Screenshots of every state of the built widget (light, dark, 320 px, French), under a strict CSP, in
// Debian's Chromium: `npm run build && node test/widget/screenshots.mjs` -> test-results/screenshots/.
// The page loads the classic-script build and drives it with a canned transport through `resume`.
/* global URL, URLSearchParams */
import { mkdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

const root = new URL('../../', import.meta.url);
const out = new URL('test-results/screenshots/', root);
mkdirSync(out, { recursive: true });

const logo = (colour, letter) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="${colour}"/>` +
  `<text x="20" y="27" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;

// Runs in the page: a transport that answers from canned data, so any state can be shown by resuming.
const harness = `
const params = new URLSearchParams(location.search);
const state = params.get('state');
const origin = location.origin;
const config = {
  kind: 'link', id: 'lnk_demo', title: 'Awa Couture', description: 'Two wax-print dresses, tailored in Abidjan.',
  logo: origin + '/logo/shop.svg', currency: 'XOF', currencyExponent: 0, country: 'CI',
  amount: state === 'form-amount' ? { fixed: null, min: 500, max: 500000, remaining: 120000 } : { fixed: 25000 },
  customFields: state === 'form-amount' ? [
    { name: 'size', label: 'Dress size', type: 'dropdown', required: true, options: ['S', 'M', 'L'] },
    { name: 'notes', label: 'Notes for the tailor', type: 'paragraph-text', required: false },
    { name: 'terms', label: 'I accept the terms of sale', type: 'checkbox', required: true },
  ] : [],
  methods: [
    { provider: 'mtn', label: 'MTN MoMo', logo: origin + '/logo/mtn.svg', inputs: [{ name: 'phoneNumber', label: 'Mobile money number', type: 'tel', required: true }], fee: { basisPoints: 100, fixed: 0 },
      networks: state === 'form-amount' ? undefined : [{ name: 'MTN', value: 'MTN', image: origin + '/logo/mtn.svg' }, { name: 'Moov', value: 'MOOV', image: origin + '/logo/moov.svg' }] },
    { provider: 'orange', label: 'Orange Money', logo: origin + '/logo/orange.svg', inputs: [] },
  ],
  hosted: true, anonymous: false, status: 'active', redirectUrl: 'https://shop.example/thanks',
};
const base = { reference: 'PAY-7F3K-29QX', amount: 25000, fee: 250, total: 25250, currency: 'XOF', currencyExponent: 0 };
const payments = {
  otp: { ...base, status: 'pending', action: 'otp', attemptsLeft: 4, expiresAt: new Date(Date.now() + 600000).toISOString() },
  processing: { ...base, status: 'processing', action: 'processing' },
  success: { ...base, status: 'success', action: 'none', paidAt: new Date().toISOString() },
  failed: { ...base, status: 'failed', action: 'none', failureCode: 'insufficient_funds' },
  'pre-otp': { ...base, status: 'pending', action: 'pre-otp', attemptsLeft: 3, message: 'Dial *144*8*1# on your phone to get a customer code, then enter it.' },
  'bank-transfer': { ...base, status: 'pending', action: 'bank-transfer', bankTransfer: { bankName: 'Sandbox Bank', accountNumber: '0123456789', accountName: 'PAY SANDBOX COLLECTIONS', expiresAt: new Date(Date.now() + 1800000).toISOString() } },
  unfinished: { ...base, status: 'pending', action: 'redirect', redirectUrl: origin + '/provider' },
};
if (payments[state]) sessionStorage.setItem('pay-checkout:lnk_demo', JSON.stringify({ reference: base.reference, token: 't', provider: 'mtn' }));
else sessionStorage.clear();
const answer = (data) => new Response(JSON.stringify({ statusCode: 200, data }), { headers: { 'content-type': 'application/json' } });
const transport = {
  fetch: async (url, init) => {
    if (url.includes('/events')) return new Response(new ReadableStream({ start() {} }));
    if (url.includes('/api/v1/links/')) return state === 'loading' ? new Promise(() => {}) : answer(config);
    if (url.includes('/api/v1/payments/')) return answer(payments[state]);
    // "Pay on your phone", once the phone's payment is under way: what it pays, in place of the code.
    if (url.endsWith('/api/v1/handoffs'))
      return answer({ id: 'hof_1', followToken: 'f', url: origin + '/pay/h/hof_1', qrSvg: origin + '/logo/shop.svg', expiresAt: new Date(Date.now() + 900000).toISOString() });
    if (url.includes('/api/v1/handoffs/'))
      return answer({ id: 'hof_1', expiresAt: new Date(Date.now() + 900000).toISOString(), payment: { ...base, status: 'processing', action: 'processing' }, provider: 'orange' });
    return fetch(url, init);
  },
  upload: async () => answer({}),
  navigate: () => {},
  // Only the handoff's poll is let run, so every other state stays still.
  setTimeout: (run) => (state === 'handoff' ? setTimeout(run, 50) : 0),
  clearTimeout: () => {},
};
const el = document.createElement('pay-checkout');
el.transport = transport;
if (params.get('locale')) el.locale = params.get('locale');
if (params.get('theme')) el.theme = params.get('theme');
// The handoff: "Pay on your phone" (the form's last button; the build renames classes) clicked once the
// form is ready, and ready once the phone's payment shows (its summary, a <dl>).
const handedOff = () =>
  el.shadowRoot.querySelector('dl') ? setTimeout(() => document.body.dataset.ready = 'yes', 300) : setTimeout(handedOff, 50);
el.addEventListener('pay-ready', () => {
  if (state !== 'handoff') return setTimeout(() => document.body.dataset.ready = 'yes', 300);
  const phone = () => {
    const last = el.shadowRoot.querySelector('form button[type=submit] ~ button');
    if (!last) return setTimeout(phone, 50);
    last.click();
    handedOff();
  };
  phone();
});
if (state === 'loading') setTimeout(() => document.body.dataset.ready = 'yes', 300);
el.link = 'lnk_demo';
document.querySelector('main').append(el);
`;

const page = (dark) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'">
<link rel="stylesheet" href="/page.css"><script src="/dist/pay-checkout.iife.js"></script></head>
<body class="${dark ? 'dark' : ''}"><main></main><script src="/harness.js"></script></body></html>`;

const files = {
  '/harness.js': ['text/javascript', harness],
  '/page.css': [
    'text/css',
    'body{margin:0;padding:24px 12px;background:#eef0f4;font-family:sans-serif}body.dark{background:#0b0c10}',
  ],
  '/logo/shop.svg': ['image/svg+xml', logo('#9a3412', 'A')],
  '/logo/mtn.svg': ['image/svg+xml', logo('#facc15', 'M').replace('fill="#fff"', 'fill="#111"')],
  '/logo/moov.svg': ['image/svg+xml', logo('#0369a1', 'm')],
  '/logo/orange.svg': ['image/svg+xml', logo('#ea580c', 'O')],
};

const server = createServer((request, response) => {
  const path = new URL(request.url, 'http://x').pathname;
  if (path === '/favicon.ico') return response.writeHead(204).end();
  if (path === '/')
    return response.writeHead(200, { 'content-type': 'text/html' }).end(page(request.url.includes('dark')));
  if (files[path]) return response.writeHead(200, { 'content-type': files[path][0] }).end(files[path][1]);
  if (path.startsWith('/dist/')) {
    try {
      const type = path.endsWith('.json') ? 'application/json' : 'text/javascript';
      return response.writeHead(200, { 'content-type': type }).end(readFileSync(new URL(`.${path}`, root)));
    } catch {
      // fall through to 404
    }
  }
  response.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
if (process.env.SERVE_ONLY) {
  process.stdout.write(`http://127.0.0.1:${port}/?state=form\n`);
  await new Promise(() => undefined);
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [...chromiumArgs],
});
const variants = [
  { name: 'light', width: 480 },
  { name: 'dark', width: 480, colorScheme: 'dark' },
  { name: 'dark-attribute', width: 480, theme: 'dark' },
  { name: '320px', width: 320 },
  { name: 'fr', width: 480, locale: 'fr' },
];
const states = (process.env.STATES ?? 'loading,form,form-amount,form-errors,otp,pre-otp,processing,bank-transfer,unfinished,success,failed,handoff').split(',');
const problems = [];
for (const variant of variants) {
  const context = await browser.newContext({
    viewport: { width: variant.width, height: 900 },
    colorScheme: variant.colorScheme ?? 'light',
  });
  for (const state of states) {
    const tab = await context.newPage();
    tab.on(
      'console',
      (message) => message.type() === 'error' && problems.push(`${variant.name}/${state}: ${message.text()}`),
    );
    tab.on('pageerror', (error) => problems.push(`${variant.name}/${state}: ${error.message}`));
    const query = new URLSearchParams({
      state,
      ...(variant.locale && { locale: variant.locale }),
      ...(variant.theme && { theme: variant.theme }),
    });
    await tab.goto(
      `http://127.0.0.1:${port}/?${query}${variant.colorScheme || variant.theme ? '&dark' : ''}`,
    );
    await tab.waitForSelector('body[data-ready]', { state: 'attached', timeout: 10_000 }).catch((error) => {
      throw new Error(`${variant.name}/${state}: ${error.message}\n${problems.join('\n')}`);
    });
    if (state === 'form-errors') await tab.locator('pay-checkout button[type=submit]').click();
    await tab
      .locator('pay-checkout')
      .screenshot({ path: new URL(`${state}-${variant.name}.png`, out).pathname });
    await tab.close();
  }
  await context.close();
}
await browser.close();
server.close();
process.stdout.write(`wrote ${variants.length * states.length} screenshots to ${out.pathname}\n`);
if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
