/**
 * The building blocks of the OpenAPI operation tables: one Operation per route, and small helpers for
 * the envelopes, parameters and bodies they describe. Bodies and answers name the zod components
 * (openapi.ts); shapes that belong to the provider (its lists and analytics) are described loosely,
 * since we pass them through.
 */
export type JsonSchema = Record<string, unknown>;

export interface Operation {
  id: string;
  method: 'get' | 'post';
  /** OpenAPI style: `{id}`. */
  path: string;
  tag: 'Checkout' | 'Payments' | 'Merchant' | 'Payouts' | 'Webhooks' | 'Operations';
  summary: string;
  description?: string;
  /** Needs `Authorization: Bearer MERCHANT_API_KEY`. */
  merchant?: boolean;
  headers?: ('Idempotency-Key' | 'Payment-Token')[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  success: { status: number; description: string; content?: JsonSchema };
  errors: number[];
}

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
export const object = (properties: Record<string, JsonSchema>, required: string[]) => ({
  type: 'object',
  properties,
  required,
});
export const single = (data: JsonSchema) =>
  json(object({ statusCode: { type: 'integer' }, data }, ['statusCode', 'data']));
export const list = (item: JsonSchema) =>
  json(
    object(
      {
        statusCode: { type: 'integer' },
        total: { type: 'integer' },
        page: { type: 'integer' },
        pages: { type: 'integer' },
        limit: { type: 'integer' },
        data: { type: 'array', items: item },
      },
      ['statusCode', 'total', 'page', 'pages', 'limit', 'data'],
    ),
  );
export const body = (schema: JsonSchema) => ({ required: true, content: json(schema) });
export const inPath = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' },
});
export const inQuery = (name: string, schema: JsonSchema, description?: string) => ({
  name,
  in: 'query',
  required: false,
  schema,
  ...(description ? { description } : {}),
});
export const paging = [
  inQuery('page', { type: 'integer', minimum: 1, default: 1 }),
  inQuery('limit', { type: 'integer', minimum: 1, maximum: 100 }),
  inQuery('dateFrom', { type: 'string', format: 'date' }, 'UTC, inclusive'),
  inQuery('dateTo', { type: 'string', format: 'date' }, 'UTC, inclusive to the end of that day'),
];
export const providerObject = {
  type: 'object',
  description: "The provider's record, passed through.",
  additionalProperties: true,
};
export const PROVIDER_ERRORS = [502, 503, 504];
