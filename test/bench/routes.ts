/**
 * The requests the bench sends, one spec per load run. `{i}` in a body or header value is the request
 * number, so every payment and webhook is new (a repeated one would only measure the idempotency and
 * dedup shortcuts). A run id keeps them unique across runs against the same database.
 */
import { createHmac } from 'node:crypto';
import type { ChildLoadOptions } from './load.ts';
import { BENCH_CLIENT_ID, BENCH_CLIENT_SECRET } from './servers.ts';

export type RouteKey = 'bare' | 'apiLink' | 'sandboxLink' | 'qrPng' | 'bareAgain' | 'sandboxCharge' | 'apiPayment' | 'webhook';

export interface RouteSpec {
  key: RouteKey;
  label: string;
  /** Merchant routes may not exist yet (or be mid-change): their failure is reported, not fatal. */
  optional: boolean;
  expected: number;
  request: Pick<ChildLoadOptions, 'url' | 'method' | 'headers' | 'bodyTemplate' | 'sign'>;
  /**
   * At most this many requests (warm-up included), where what a run leaves weighs on later runs: every
   * direct charge is a sandbox transaction whose outcome and webhook to us the backend settles, and
   * whose rows later runs' queries and ticks walk. Uncapped, a faster version leaves more, and its
   * later runs pay for it (the webhook run read 0.106 instead of 0.130 of bare Hono after 25,000).
   */
  maxRequests?: number;
}

const LINK = 'lnk_fixed_ci';
// Ends in 01: the sandbox's no-OTP scenario, so one request is one complete charge.
const PHONE = '+2250700000001';
// A wallet per payment (07, six digits, 01): one waiting on its phone refuses a second prompt (409).
const PHONE_OF_REQUEST = '+22507{i6}01';
const JSON_TYPE = { 'content-type': 'application/json' };
const SANDBOX_AUTH = { 'client-id': BENCH_CLIENT_ID, 'client-secret': BENCH_CLIENT_SECRET };

export function benchRoutes(bareUrl: string, backendUrl: string): RouteSpec[] {
  const run = Date.now().toString(36);
  const webhook = {
    event: 'payment.completed',
    clientId: BENCH_CLIENT_ID,
    deliveryId: `dlv-${run}-{i}`,
    data: { reference: `wh-${run}-{i}`, amount: 15_000, currency: 'XOF', provider: 'mtn-ci', channel: 'mobile-money', status: 'success', charge: 150, paidAt: Math.floor(Date.now() / 1000) },
  };
  const bare = { optional: false, expected: 200, request: { url: `${bareUrl}/ping` } };
  // The baseline brackets the link runs it is compared with: other work on a shared machine comes and
  // goes, and the two baseline figures show how much it moved.
  return [
    { key: 'bare', label: 'bare Hono GET /ping', ...bare },
    { key: 'apiLink', label: `GET /api/v1/links/${LINK}`, optional: true, expected: 200, request: { url: `${backendUrl}/api/v1/links/${LINK}` } },
    {
      key: 'sandboxLink',
      label: `sandbox GET payment-links/${LINK}`,
      optional: false,
      expected: 200,
      request: { url: `${backendUrl}/sandbox/payments/v1/payment-links/${LINK}`, headers: SANDBOX_AUTH },
    },
    // A link's PNG QR code, drawn by the first request and kept (qr-routes.ts): what every later one costs.
    { key: 'qrPng', label: `GET /pay/qr/${LINK}.png (cached)`, optional: true, expected: 200, request: { url: `${backendUrl}/pay/qr/${LINK}.png` } },
    { key: 'bareAgain', label: 'bare Hono GET /ping (again)', ...bare },
    {
      key: 'sandboxCharge',
      label: 'sandbox POST direct-charge',
      optional: false,
      expected: 201,
      maxRequests: 15_000,
      request: {
        url: `${backendUrl}/sandbox/payments/v1/payments/direct-charge`,
        method: 'POST',
        headers: { ...SANDBOX_AUTH, ...JSON_TYPE },
        bodyTemplate: JSON.stringify({ provider: 'mtn-ci', amount: 15_000, reference: `bench-${run}-{i}`, customerInput: { phoneNumber: PHONE } }),
      },
    },
    {
      key: 'apiPayment',
      label: 'POST /api/v1/payments',
      optional: true,
      expected: 201,
      request: {
        url: `${backendUrl}/api/v1/payments`,
        method: 'POST',
        headers: { ...JSON_TYPE, 'idempotency-key': `bench-${run}-{i}` },
        bodyTemplate: JSON.stringify({
          link: LINK,
          customer: { name: 'Bench Payer', email: 'bench@example.com' },
          fields: { subscriber_id: 'SUB-{i}' },
          method: { kind: 'direct', provider: 'mtn-ci', phoneNumber: PHONE_OF_REQUEST },
        }),
      },
    },
    {
      key: 'webhook',
      label: 'POST /webhooks/payments',
      optional: true,
      expected: 200,
      request: {
        url: `${backendUrl}/webhooks/payments`,
        method: 'POST',
        headers: JSON_TYPE,
        bodyTemplate: JSON.stringify(webhook),
        sign: { header: 'x-webhook-signature', algorithm: 'sha512', secret: BENCH_CLIENT_SECRET },
      },
    },
  ];
}

/** The single request a spec stands for, with `{i}` = "probe", for a check before the load. */
export function probeRequest({ request }: RouteSpec): { url: string; init: RequestInit } {
  const fill = (text: string) => text.replaceAll('{i}', 'probe').replaceAll('{i6}', '999999');
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name, fill(value)]));
  const body = request.bodyTemplate === undefined ? undefined : fill(request.bodyTemplate);
  if (request.sign && body !== undefined) headers[request.sign.header] = createHmac(request.sign.algorithm, request.sign.secret).update(body).digest('hex');
  return { url: request.url, init: { method: request.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) } };
}
