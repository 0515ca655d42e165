/**
 * The provider's disbursement and wallet endpoints (docs/sandbox.md#provider-api).
 * Mounted behind the sandbox's client-credential check.
 */
import { Hono } from 'hono';
import {
  DisbursementListQuerySchema,
  DisbursementRequestSchema,
  ValidateRecipientRequestSchema,
  WalletQuerySchema,
} from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { readBody, readQuery } from '../validate.ts';
import { assertWebhookTarget } from '../webhook-targets.ts';
import { recipientProperties, requireProvider, validateRecipient } from './recipients.ts';
import { createDisbursement, listDisbursements, listWallets, verifyDisbursement } from './service.ts';

export function disbursementRoutes(context: SandboxContext) {
  return new Hono()
    .get('/billing/v1/transfer-recipients/:provider/properties', (c) => {
      const provider = requireProvider(c.req.param('provider'));
      return c.json({ statusCode: 200, data: recipientProperties(provider, context.config.publicUrl) }, 200);
    })
    .post('/billing/v1/transfer-recipients/validate', async (c) => {
      const request = await readBody(c, ValidateRecipientRequestSchema);
      return c.json({ statusCode: 201, data: await validateRecipient(context, request) }, 201);
    })
    .post('/billing/v1/disbursements', async (c) => {
      const request = await readBody(c, DisbursementRequestSchema);
      assertWebhookTarget(context, request.webhook);
      return c.json({ statusCode: 201, data: await createDisbursement(context, request) }, 201);
    })
    .get('/billing/v1/disbursements', async (c) => {
      const query = readQuery(c, DisbursementListQuerySchema);
      return c.json(await listDisbursements(context, query), 200);
    })
    .get('/billing/v1/disbursements/verify/:reference', async (c) => {
      const data = await verifyDisbursement(context, c.req.param('reference'));
      return c.json({ statusCode: 200, data }, 200);
    })
    .get('/billing/v1/wallets', async (c) => {
      const query = readQuery(c, WalletQuerySchema);
      return c.json({ statusCode: 200, data: await listWallets(context, query) }, 200);
    });
}
