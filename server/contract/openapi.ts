/**
 * The OpenAPI 3.1 document of the backend, generated from the app's route declarations: each sub-app
 * declares its routes with createRoute (request parameters, bodies and answers as zod schemas), and the
 * app's `route()` merges their definitions. This file adds what the routes share (the headers every
 * answer carries, the header parameters, the security schemes) and the document's frame.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_CODES } from '../../widget/shared/contract.ts';
import { CONSOLE_COOKIE } from '../console/sessions.ts';

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, JsonSchema>>;
  components: Record<string, Record<string, JsonSchema>>;
};

/** Sections of the document, in the order a reader meets them. */
const TAGS = {
  Checkout: 'What the widget reads before a payment: the checkout of a link or a session, and uploads.',
  Payments: "The payer's payment: started, confirmed, read and followed with its token.",
  Merchant: "The merchant's server (bearer key) or console (cookie): sessions, lists and the delivery log.",
  Payouts: 'Paying out from the disbursement wallet to validated recipients.',
  Webhooks: "The provider's signed notifications.",
  Operations: 'Health, metrics and this document.',
};

const HEADERS = {
  RequestId: {
    description:
      "This request's id, in every log line about it: the caller's `X-Request-Id` when it is a plain token of up to 64 characters, else a fresh UUID.",
    required: true,
    schema: { type: 'string' as const, minLength: 1 },
  },
  RetryAfter: {
    description: 'Seconds until the limit lets this caller in again.',
    required: true,
    schema: { type: 'integer' as const, minimum: 1 },
  },
  ConflictRetryAfter: {
    description:
      'With `wallet_busy`: seconds until the payment already waiting on the phone can no longer be approved; with `request_in_progress`: when to retry.',
    schema: { type: 'integer' as const, minimum: 1 },
  },
  WwwAuthenticate: {
    description: 'The scheme a merchant route wants: `Bearer realm="pay-checkout"`.',
    schema: { type: 'string' as const },
  },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer to an earlier request with the same key and body.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};

const PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'Unique per operation (e.g. a UUID), given once; a retry with the same key and body replays the first answer (with `Idempotent-Replayed: true`), another body is 422. Kept 24 h.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
  },
  PaymentToken: {
    name: 'Payment-Token',
    in: 'header',
    required: true,
    description: 'The token returned once by POST /api/v1/payments (401 without it).',
    schema: { type: 'string' },
  },
} as const;

const SECURITY_SCHEMES = {
  merchantKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'Authorization: Bearer MERCHANT_API_KEY',
  },
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: CONSOLE_COOKIE,
    description:
      'The console session cookie set by POST /console/login; a POST carried by it must come from our own pages (`Origin`), else 403.',
  },
} as const;

type DocumentedApp = Pick<OpenAPIHono, 'openAPIRegistry' | 'getOpenAPI31Document'>;

/** The document of `app`, once every sub-app is mounted on it. */
export function buildOpenApiDocument(app: DocumentedApp, publicUrl: string): OpenApiDocument {
  const registry = app.openAPIRegistry;
  for (const [name, component] of Object.entries(HEADERS))
    registry.registerComponent('headers', name, component);
  for (const [name, component] of Object.entries(PARAMETERS))
    registry.registerComponent('parameters', name, component);
  for (const [name, component] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent('securitySchemes', name, component);
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'pay-checkout API',
      version: '1.0.0',
      description: `Every answer is an envelope: \`{statusCode, data}\`, lists \`{statusCode, total, page, pages, limit, data}\`, errors \`{statusCode, error: {code, message, fields?}}\` with the HTTP status equal to \`statusCode\`. Error codes: ${ERROR_CODES.map((code) => `\`${code}\``).join(', ')}. Amounts are integers in minor units.`,
    },
    servers: [{ url: publicUrl }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  });
  return document as unknown as OpenApiDocument;
}
