/**
 * The routes a browser or the provider calls (DESIGN section 3): checkout, payments, webhooks, and the
 * operational endpoints.
 */
import {
  body,
  inPath,
  json,
  object,
  PROVIDER_ERRORS,
  providerObject,
  ref,
  single,
  type Operation,
} from './openapi-operations.ts';

export const PUBLIC_OPERATIONS: readonly Operation[] = [
  // --- Checkout and payments: called by the widget ------------------------------------------------
  {
    id: 'getLinkCheckout',
    method: 'get',
    path: '/api/v1/links/{id}',
    tag: 'Checkout',
    summary: 'Checkout configuration of a payment link',
    parameters: [inPath('id', 'Payment link id')],
    success: { status: 200, description: 'The checkout', content: single(ref('CheckoutConfig')) },
    errors: [400, 404, 409, 429, ...PROVIDER_ERRORS],
  },
  {
    id: 'getSessionCheckout',
    method: 'get',
    path: '/api/v1/sessions/{id}',
    tag: 'Checkout',
    summary: 'Checkout configuration of a session',
    parameters: [inPath('id', 'Session id')],
    success: { status: 200, description: 'The checkout', content: single(ref('CheckoutConfig')) },
    errors: [400, 404, 409, 429, ...PROVIDER_ERRORS],
  },
  {
    id: 'createUpload',
    method: 'post',
    path: '/api/v1/uploads',
    tag: 'Checkout',
    summary: 'Upload a file for a file-upload field',
    description:
      'PNG, JPEG or PDF (read from the bytes), at most 5 MB; deleted after 1 h unless a payment uses it; a per-IP hourly quota.',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: object({ file: { type: 'string', contentMediaType: 'application/octet-stream' } }, [
            'file',
          ]),
        },
      },
    },
    success: { status: 201, description: 'Stored', content: single(ref('Upload')) },
    errors: [400, 413, 415, 429],
  },
  {
    id: 'createPayment',
    method: 'post',
    path: '/api/v1/payments',
    tag: 'Payments',
    summary: 'Start a payment',
    headers: ['Idempotency-Key'],
    requestBody: body(ref('CreatePayment')),
    success: {
      status: 201,
      description: 'The payment and its token (returned once)',
      content: single(ref('CreatedPayment')),
    },
    errors: [400, 404, 409, 422, 429, ...PROVIDER_ERRORS],
  },
  {
    id: 'confirmPayment',
    method: 'post',
    path: '/api/v1/payments/{reference}/confirm',
    tag: 'Payments',
    summary: 'Send the OTP or customer code',
    headers: ['Payment-Token'],
    parameters: [inPath('reference', 'Payment reference')],
    requestBody: body(ref('ConfirmPayment')),
    success: { status: 200, description: 'The payment', content: single(ref('Payment')) },
    errors: [400, 401, 404, 409, 422, 429, ...PROVIDER_ERRORS],
  },
  {
    id: 'getPayment',
    method: 'get',
    path: '/api/v1/payments/{reference}',
    tag: 'Payments',
    summary: 'Read a payment',
    headers: ['Payment-Token'],
    parameters: [inPath('reference', 'Payment reference')],
    success: { status: 200, description: 'The payment', content: single(ref('Payment')) },
    errors: [400, 401, 404, 429],
  },
  {
    id: 'followPayment',
    method: 'get',
    path: '/api/v1/payments/{reference}/events',
    tag: 'Payments',
    summary: 'Follow a payment (server-sent events)',
    description:
      'Event `payment` with a Payment as data and a version as id; a heartbeat comment every 15 s; ends after a final status.',
    headers: ['Payment-Token'],
    parameters: [inPath('reference', 'Payment reference')],
    success: {
      status: 200,
      description: 'An event stream',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
    errors: [400, 401, 404, 429],
  },

  // --- Provider side and operations -----------------------------------------------------------------
  ...(['payments', 'disbursements'] as const).map((kind): Operation => ({
    id: `${kind}Webhook`,
    method: 'post',
    path: `/webhooks/${kind}`,
    tag: 'Webhooks',
    summary: `The provider's ${kind === 'payments' ? 'collection' : 'disbursement'} webhook`,
    description:
      'Signed: header `x-webhook-signature`, hex HMAC-SHA512 of the raw body keyed with the client secret.',
    parameters: [{ name: 'x-webhook-signature', in: 'header', required: true, schema: { type: 'string' } }],
    requestBody: body(providerObject),
    success: { status: 200, description: 'Stored' },
    errors: [400, 401, 403],
  })),
  {
    id: 'healthz',
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'Alive',
    success: { status: 200, description: 'Alive' },
    errors: [],
  },
  {
    id: 'readyz',
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Store and provider reachable',
    success: { status: 200, description: 'Ready' },
    errors: [503],
  },
  {
    id: 'metrics',
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics',
    success: {
      status: 200,
      description: 'Metrics',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
    errors: [],
  },
  {
    id: 'openapi',
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This document',
    success: { status: 200, description: 'OpenAPI 3.1', content: json({ type: 'object' }) },
    errors: [],
  },
  {
    id: 'docs',
    method: 'get',
    path: '/docs',
    tag: 'Operations',
    summary: 'This document as a web page',
    success: { status: 200, description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } },
    errors: [],
  },
];
