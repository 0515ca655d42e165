/**
 * The OpenAPI 3.1 document of the backend, generated: component schemas come from
 * the zod schemas' registry ids through `z.toJSONSchema`, paths from the operation tables in
 * openapi-public.ts and openapi-merchant.ts. Nothing is written twice, so the document cannot drift
 * from what the server validates.
 */
import { z } from 'zod';
import { ERROR_CODES } from '../../widget/contract/index.ts';
import { MERCHANT_OPERATIONS } from './openapi-merchant.ts';
import { ref, type JsonSchema, type Operation } from './openapi-operations.ts';
import { PUBLIC_OPERATIONS } from './openapi-public.ts';
import './schemas.ts'; // registers every schema id before the registry is read

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, JsonSchema>> };

/** Public first, as a reader meets them; then the merchant's. */
const OPERATIONS: readonly Operation[] = [...PUBLIC_OPERATIONS, ...MERCHANT_OPERATIONS];

/** Requests are described as a client may send them (defaults optional); answers as we send them. */
const REQUEST_IDS = new Set([
  'ConfirmPayment',
  'CreatePayment',
  'CreateSession',
  'Customer',
  'PaymentMethodChoice',
]);

function componentSchemas(): Record<string, JsonSchema> {
  const convert = (io: 'input' | 'output') =>
    z.toJSONSchema(z.globalRegistry, {
      target: 'draft-2020-12',
      io,
      // A request schema may end in a transform (ConfirmPayment narrows to a union), which the output
      // pass cannot express; requests are taken from the input pass anyway.
      unrepresentable: io === 'output' ? 'any' : 'throw',
      uri: (id) => `#/components/schemas/${id}`,
    }).schemas;
  const input = convert('input');
  const output = convert('output');
  const schemas: Record<string, JsonSchema> = {};
  for (const id of Object.keys(output).sort()) {
    // Each component sits inside the document: its own $schema / $id would only confuse resolvers.
    const {
      $schema: _schema,
      $id: _id,
      ...schema
    } = (REQUEST_IDS.has(id) ? input[id] : output[id]) as JsonSchema;
    schemas[id] = schema;
  }
  return schemas;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input (`validation_failed`, with `fields`)',
  401: 'Missing or wrong credentials (`unauthorized`)',
  404: 'Not found (`not_found`)',
  409: 'Conflict: `link_unavailable`, `session_paid`, `request_in_progress`, `payment_not_awaiting_input`',
  413: 'Too large (`payload_too_large`)',
  415: 'Not PNG, JPEG or PDF (`unsupported_media_type`)',
  422: '`idempotency_conflict`, `amount_out_of_bounds`, `limit_exceeded`, `invalid_otp`, `otp_locked`',
  429: 'Too many requests (`rate_limited`); see `Retry-After`',
  502: 'The provider refused (`provider_error`)',
  503: 'The provider is unreachable (`provider_unavailable`)',
  504: 'The provider did not answer in time (`provider_timeout`)',
};

function responsesOf(operation: Operation): JsonSchema {
  const { success } = operation;
  const responses: JsonSchema = {
    [success.status]: success.content
      ? { description: success.description, content: success.content }
      : { description: success.description },
  };
  for (const status of operation.errors) {
    responses[status] = { $ref: `#/components/responses/Error${status}` };
  }
  return responses;
}

function operationObject(operation: Operation): JsonSchema {
  const parameters = [...(operation.parameters ?? [])];
  if (operation.headers?.includes('Idempotency-Key'))
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (operation.headers?.includes('Payment-Token'))
    parameters.push({ $ref: '#/components/parameters/PaymentToken' });
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.requestBody ? { requestBody: operation.requestBody } : {}),
    responses: responsesOf(operation),
    ...(operation.merchant ? { security: [{ merchantKey: [] }] } : {}),
  };
}

export function buildOpenApiDocument(publicUrl: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of OPERATIONS)
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  const errorStatuses = [...new Set(OPERATIONS.flatMap((operation) => operation.errors))].sort(
    (a, b) => a - b,
  );
  const errorResponses = Object.fromEntries(
    errorStatuses.map((status) => [
      `Error${status}`,
      {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: ref('ErrorEnvelope') } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'pay-checkout API',
      version: '1.0.0',
      description: `Every answer is an envelope: \`{statusCode, data}\`, lists \`{statusCode, total, page, pages, limit, data}\`, errors \`{statusCode, error: {code, message, fields?}}\` with the HTTP status equal to \`statusCode\`. Error codes: ${ERROR_CODES.map((code) => `\`${code}\``).join(', ')}. Amounts are integers in minor units.`,
    },
    servers: [{ url: publicUrl }],
    tags: ['Checkout', 'Payments', 'Merchant', 'Payouts', 'Webhooks', 'Operations'].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentSchemas(),
      responses: errorResponses,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            'Unique per operation (e.g. a UUID); a retry with the same key and body replays the first answer. Kept 24 h.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
        PaymentToken: {
          name: 'Payment-Token',
          in: 'header',
          required: true,
          description: 'The token returned once by POST /api/v1/payments.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        merchantKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer MERCHANT_API_KEY',
        },
      },
    },
  };
}
