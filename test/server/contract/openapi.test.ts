/**
 * GET /openapi.json and GET /docs: generated from the route declarations, covering every route of the
 * API. (answers.test.ts checks the real answers against it; lint.test.ts lints it.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

const SCHEMA_IDS = [
  'ApiError',
  'AmountRule',
  'BankTransfer',
  'CheckoutConfig',
  'ConfirmPayment',
  'CreatePayment',
  'CreateSession',
  'CreatedPayment',
  'CreatedSession',
  'CustomField',
  'Customer',
  'MerchantPayment',
  'ErrorEnvelope',
  'FieldError',
  'Method',
  'MethodInput',
  'Network',
  'Notification',
  'NotificationAttempt',
  'Payment',
  'PaymentMethodChoice',
  'Payout',
  'Upload',
];

const ROUTES: [string, string][] = [
  ['get', '/api/v1/links/{id}'],
  ['get', '/api/v1/sessions/{id}'],
  ['post', '/api/v1/uploads'],
  ['post', '/api/v1/payments'],
  ['post', '/api/v1/payments/{reference}/confirm'],
  ['get', '/api/v1/payments/{reference}'],
  ['get', '/api/v1/payments/{reference}/events'],
  ['post', '/api/v1/payments/{reference}/cancel'],
  ['post', '/api/v1/sessions'],
  ['get', '/api/v1/payments'],
  ['get', '/api/v1/uploads/{id}'],
  ['get', '/api/v1/collections'],
  ['get', '/api/v1/links'],
  ['get', '/api/v1/links/{id}/analytics'],
  ['get', '/api/v1/payouts/recipients/{provider}/properties'],
  ['post', '/api/v1/payouts/recipients/validate'],
  ['post', '/api/v1/payouts'],
  ['get', '/api/v1/payouts'],
  ['get', '/api/v1/payouts/{reference}'],
  ['get', '/api/v1/wallets'],
  ['get', '/api/v1/notifications'],
  ['get', '/api/v1/payments/export'],
  ['get', '/api/v1/payouts/export'],
  ['get', '/api/v1/collections/export'],
  ['get', '/api/v1/notifications/export'],
  ['post', '/api/v1/notifications/{id}/retry'],
  ['get', '/api/v1/reconciliation'],
  ['get', '/api/v1/reconciliation/export'],
  ['post', '/api/v1/reconciliation/actions'],
  ['post', '/console/login'],
  ['post', '/console/logout'],
  ['get', '/console/session'],
  ['post', '/webhooks/payments'],
  ['post', '/webhooks/disbursements'],
  ['get', '/healthz'],
  ['get', '/readyz'],
  ['get', '/metrics'],
  ['get', '/openapi.json'],
  ['get', '/docs'],
];

let t: AppFixture;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;
beforeAll(async () => {
  t = await startApp();
  const res = await t.request('GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = JSON.parse(res.text);
});
afterAll(() => t.close());

/** Every `$ref` in the document, wherever it sits. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refs(inner, found);
    }
  }
  return found;
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document naming every schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://pay.test' }]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(SCHEMA_IDS));
  });

  it('has every route of the API, and nothing it cannot resolve', () => {
    for (const [method, path] of ROUTES) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    for (const ref of refs(doc)) {
      const [, section, kind, name] = ref.split('/');
      expect(section, ref).toBe('components');
      expect(doc.components[kind as string][name as string], ref).toBeDefined();
    }
  });

  it('offers every export, the reconciliation report included, as CSV (the default) or JSON Lines', () => {
    for (const what of ['payments', 'payouts', 'collections', 'notifications', 'reconciliation']) {
      const operation = doc.paths[`/api/v1/${what}/export`].get;
      expect(Object.keys(operation.responses['200'].content), what).toEqual([
        'text/csv',
        'application/x-ndjson',
      ]);
      const format = operation.parameters.find((p: { name: string }) => p.name === 'format');
      expect(format, what).toMatchObject({
        in: 'query',
        required: false,
        schema: { enum: ['csv', 'jsonl'], default: 'csv' },
      });
    }
  });

  it('documents the optional returnUrl of a direct method, required only for a hosted one', () => {
    const [hosted, direct] = doc.components.schemas.PaymentMethodChoice.oneOf;
    expect(hosted.required).toEqual(['kind', 'returnUrl']);
    expect(direct.required).toEqual(['kind', 'provider', 'phoneNumber']);
    expect(direct.properties.returnUrl).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048 });
  });

  it('describes bodies, headers, security and errors', () => {
    const create = doc.paths['/api/v1/payments'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreatePayment',
    });
    expect(create.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(Object.keys(create.responses)).toEqual([
      '201',
      '400',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
      '502',
      '503',
      '504',
    ]);
    expect(create.responses['422'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    expect(create.responses['429'].headers).toEqual({
      'X-Request-Id': { $ref: '#/components/headers/RequestId' },
      'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    });
    expect(doc.paths['/api/v1/payments/{reference}'].get.parameters).toContainEqual({
      $ref: '#/components/parameters/PaymentToken',
    });
    expect(doc.paths['/api/v1/sessions'].post.security).toEqual([
      { merchantKey: [] },
      { consoleSession: [] },
    ]);
    // Public operations say so: an empty list, not a missing one.
    expect(doc.paths['/api/v1/links/{id}'].get.security).toEqual([]);
    expect(doc.paths['/webhooks/payments'].post.security).toEqual([]);
    expect(
      doc.paths['/api/v1/links/{id}'].get.responses['200'].content['application/json'].schema.properties.data,
    ).toEqual({
      $ref: '#/components/schemas/CheckoutConfig',
    });
    const pageParameter = doc.paths['/api/v1/payments'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'limit',
    );
    expect(pageParameter).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', maximum: 100 },
    });
  });

  it('describes every field a payment list item carries', () => {
    const item = doc.components.schemas.MerchantPayment;
    for (const field of [
      'createdAt',
      'method',
      'customer',
      'uploads',
      'provider',
      'fields',
      'link',
      'purgedAt',
    ])
      expect(item.properties, field).toHaveProperty(field);
    // An answer may grow: only request schemas are closed.
    expect(item.additionalProperties).toBeUndefined();
  });

  it('describes requests as a client sends them, answers as we send them', () => {
    const session = doc.components.schemas.CreateSession;
    expect(session.required).toEqual(['amount', 'currency', 'country']);
    expect(session.additionalProperties).toBe(false);
    expect(session.properties.expiresIn).toMatchObject({
      type: 'integer',
      minimum: 60,
      maximum: 604_800,
      default: 3600,
    });
    expect(doc.components.schemas.ConfirmPayment).toMatchObject({
      additionalProperties: false,
      properties: {
        otp: { type: 'string', pattern: '^[0-9]{4,10}$' },
        customerCode: { type: 'string', maxLength: 64 },
      },
    });
    expect(doc.components.schemas.CreatePayment.properties.fields.maxProperties).toBe(50);
    expect(doc.components.schemas.Payment.properties.status.enum).toEqual([
      'pending',
      'processing',
      'success',
      'failed',
      'cancelled',
      'expired',
    ]);
    expect(doc.components.schemas.Payment.$schema).toBeUndefined();
  });
});

describe('GET /docs', () => {
  it('is an HTML page with every path, no script, and its own stylesheet', async () => {
    const res = await t.request('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.text.startsWith('<!doctype html>')).toBe(true);
    for (const [, path] of ROUTES) expect(res.text, path).toContain(`<code>${path}</code>`);
    for (const id of SCHEMA_IDS) expect(res.text).toContain(`id="schema-${id}"`);
    expect(res.text).not.toMatch(/<script|https?:\/\/(?!pay\.test)[a-z]/i);
    expect(res.text).toContain('<link rel="stylesheet" href="/docs/docs.css">');
    // Descriptions are escaped, with `code` as the only markup.
    expect(res.text).toContain('Give exactly one of <code>link</code> and <code>session</code>.');

    const css = await t.request('GET', '/docs/docs.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.text).toContain('.method--post');
  });
});
