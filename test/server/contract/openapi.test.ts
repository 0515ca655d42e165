/** GET /openapi.json and GET /docs: generated from the zod schemas, covering every route of the API. */
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
  ['post', '/api/v1/notifications/{id}/retry'],
  ['post', '/console/login'],
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

  it('describes bodies, headers, security and errors', () => {
    const create = doc.paths['/api/v1/payments'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreatePayment',
    });
    expect(create.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(create.responses['422']).toEqual({ $ref: '#/components/responses/Error422' });
    expect(doc.components.responses.Error422.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    expect(doc.paths['/api/v1/payments/{reference}'].get.parameters).toContainEqual({
      $ref: '#/components/parameters/PaymentToken',
    });
    expect(doc.paths['/api/v1/sessions'].post.security).toEqual([{ merchantKey: [] }]);
    expect(doc.paths['/api/v1/links/{id}'].get.security).toBeUndefined();
    expect(
      doc.paths['/api/v1/links/{id}'].get.responses['200'].content['application/json'].schema.properties.data,
    ).toEqual({
      $ref: '#/components/schemas/CheckoutConfig',
    });
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
