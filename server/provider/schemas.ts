/**
 * The provider API (docs/sandbox.md#provider-api) as zod schemas.
 *
 * Two kinds of schema live here, and they are deliberately different:
 * - Resource and response schemas are lenient to fields they do not know (`z.looseObject` keeps them),
 *   because the provider may add fields at any time; they are strict about what the description does
 *   state (3-letter currency, 2-letter country, integer minor units, status lists).
 * - Request schemas reject bad values: the client checks its input with them before sending anything,
 *   and the sandbox validates what it receives with the same schemas. Unknown keys are dropped.
 *
 * List defaults (page 1, limit 4 or 2) are applied by the sandbox, not here: the query schemas output
 * `page`/`limit` only when given, so the client never sends a default the provider did not ask for.
 */
export * from './schemas/common.ts';
export * from './schemas/payment-links.ts';
export * from './schemas/collections.ts';
export * from './schemas/disbursements.ts';
export * from './schemas/webhooks.ts';
export * from './schemas/responses.ts';
