/**
 * The merchant's routes (DESIGN section 3): server to server with `Authorization: Bearer
 * MERCHANT_API_KEY`, or the console's cookie.
 */
import {
  body,
  inPath,
  inQuery,
  list,
  object,
  paging,
  PROVIDER_ERRORS,
  providerObject,
  ref,
  single,
  type Operation,
} from './openapi-operations.ts';

const MerchantPayment = {
  allOf: [
    ref('Payment'),
    object(
      {
        fields: {
          type: 'object',
          additionalProperties: { type: ['string', 'number', 'boolean'] },
          description: 'Custom-field answers.',
        },
        link: { type: 'string' },
        session: { type: 'string' },
        purgedAt: {
          type: 'string',
          format: 'date-time',
          description: 'When RETENTION_DAYS purged the personal data: customer, fields and uploads are then empty.',
        },
      },
      ['fields'],
    ),
  ],
};

export const MERCHANT_OPERATIONS: readonly Operation[] = [
  {
    id: 'createSession',
    method: 'post',
    path: '/api/v1/sessions',
    tag: 'Merchant',
    summary: 'Create a checkout session',
    merchant: true,
    requestBody: body(ref('CreateSession')),
    success: { status: 201, description: 'The session', content: single(ref('CreatedSession')) },
    errors: [400, 401, 413],
  },
  {
    id: 'listPayments',
    method: 'get',
    path: '/api/v1/payments',
    tag: 'Merchant',
    summary: 'List payments with their custom-field answers',
    merchant: true,
    parameters: [inQuery('status', { type: 'string' }), ...paging],
    success: { status: 200, description: 'A page of payments', content: list(MerchantPayment) },
    errors: [400, 401],
  },
  {
    id: 'downloadUpload',
    method: 'get',
    path: '/api/v1/uploads/{id}',
    tag: 'Merchant',
    summary: 'Download an uploaded file',
    merchant: true,
    parameters: [inPath('id', 'Upload id')],
    success: {
      status: 200,
      description: 'The file, as an attachment',
      content: Object.fromEntries(
        ['image/png', 'image/jpeg', 'application/pdf'].map((type) => [
          type,
          { schema: { type: 'string', contentMediaType: type } },
        ]),
      ),
    },
    errors: [400, 401, 404],
  },
  {
    id: 'listCollections',
    method: 'get',
    path: '/api/v1/collections',
    tag: 'Merchant',
    summary: "The provider's collection transactions",
    merchant: true,
    parameters: paging,
    success: { status: 200, description: 'A page', content: list(providerObject) },
    errors: [400, 401, ...PROVIDER_ERRORS],
  },
  {
    id: 'listLinks',
    method: 'get',
    path: '/api/v1/links',
    tag: 'Merchant',
    summary: "The provider's payment links",
    merchant: true,
    parameters: paging.slice(0, 2),
    success: { status: 200, description: 'A page', content: list(providerObject) },
    errors: [400, 401, ...PROVIDER_ERRORS],
  },
  {
    id: 'getLinkAnalytics',
    method: 'get',
    path: '/api/v1/links/{id}/analytics',
    tag: 'Merchant',
    summary: "A payment link's analytics",
    merchant: true,
    parameters: [inPath('id', 'Payment link id')],
    success: { status: 200, description: 'Analytics', content: single(providerObject) },
    errors: [400, 401, 404, ...PROVIDER_ERRORS],
  },
  {
    id: 'getWallets',
    method: 'get',
    path: '/api/v1/wallets',
    tag: 'Merchant',
    summary: 'Wallet balances',
    merchant: true,
    parameters: [
      inQuery('country', { type: 'string', pattern: '^[A-Z]{2}$' }),
      inQuery('currency', { type: 'string', pattern: '^[A-Z]{3}$' }),
    ],
    success: {
      status: 200,
      description: 'Wallets',
      content: single({ type: 'array', items: providerObject }),
    },
    errors: [400, 401, ...PROVIDER_ERRORS],
  },
  {
    id: 'consoleLogin',
    method: 'post',
    path: '/console/login',
    tag: 'Merchant',
    summary: 'Open a console session',
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: object({ apiKey: { type: 'string' } }, ['apiKey']) },
      },
    },
    success: {
      status: 303,
      description:
        'Redirect to /console with an HttpOnly, SameSite=Strict session cookie (8 h); a wrong key redirects to /console?error=1 without a cookie',
    },
    errors: [403, 429],
  },
  {
    id: 'consoleLogout',
    method: 'post',
    path: '/console/logout',
    tag: 'Merchant',
    summary: 'End the console session',
    success: { status: 303, description: 'Redirect to /console; the cookie is cleared' },
    errors: [403],
  },
  {
    id: 'consoleSession',
    method: 'get',
    path: '/console/session',
    tag: 'Merchant',
    summary: 'Whether the console cookie is a live session',
    success: {
      status: 200,
      description: 'When the session ends',
      content: single(object({ expiresAt: { type: 'string' } }, ['expiresAt'])),
    },
    errors: [401],
  },

  // --- Payouts ----------------------------------------------------------------------------------------
  {
    id: 'getRecipientProperties',
    method: 'get',
    path: '/api/v1/payouts/recipients/{provider}/properties',
    tag: 'Payouts',
    summary: 'Banks and networks a provider pays out to',
    merchant: true,
    parameters: [inPath('provider', 'Provider slug')],
    success: { status: 200, description: 'Properties', content: single(providerObject) },
    errors: [400, 401, 404, ...PROVIDER_ERRORS],
  },
  {
    id: 'validateRecipient',
    method: 'post',
    path: '/api/v1/payouts/recipients/validate',
    tag: 'Payouts',
    summary: 'Validate a payout recipient',
    merchant: true,
    requestBody: body(
      object(
        {
          provider: { type: 'string' },
          account: { type: 'object', description: '{phoneNumber, network?} or {accountNumber, bankCode}' },
        },
        ['provider', 'account'],
      ),
    ),
    success: {
      status: 201,
      description: 'The validated recipient, with its id',
      content: single(providerObject),
    },
    errors: [400, 401, ...PROVIDER_ERRORS],
  },
  {
    id: 'createPayout',
    method: 'post',
    path: '/api/v1/payouts',
    tag: 'Payouts',
    summary: 'Pay out',
    merchant: true,
    headers: ['Idempotency-Key'],
    requestBody: body(
      object(
        {
          transferRecipientId: { type: 'string' },
          amount: { type: 'integer', exclusiveMinimum: 0 },
          narration: { type: 'string' },
          reference: { type: 'string' },
        },
        ['transferRecipientId', 'amount'],
      ),
    ),
    success: { status: 201, description: 'The payout', content: single(ref('Payout')) },
    errors: [400, 401, 409, 422, 429, ...PROVIDER_ERRORS],
  },
  {
    id: 'listPayouts',
    method: 'get',
    path: '/api/v1/payouts',
    tag: 'Payouts',
    summary: 'Payouts from the ledger',
    merchant: true,
    parameters: paging,
    success: { status: 200, description: 'A page of payouts', content: list(ref('Payout')) },
    errors: [400, 401],
  },
  {
    id: 'getPayout',
    method: 'get',
    path: '/api/v1/payouts/{reference}',
    tag: 'Payouts',
    summary: 'One payout (verified with the provider while not final)',
    merchant: true,
    parameters: [inPath('reference', 'Payout reference')],
    success: { status: 200, description: 'The payout', content: single(ref('Payout')) },
    errors: [400, 401, 404, ...PROVIDER_ERRORS],
  },
];
