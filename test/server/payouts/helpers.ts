/**
 * Shared moves of the payout suites: the merchant's bearer, validating a recipient, requesting a payout
 * with a fresh Idempotency-Key, reading the ledger and the sandbox's wallets, and signing disbursement
 * webhooks as the provider does.
 */
import { randomUUID } from 'node:crypto';
import { signWebhook } from '../../../server/provider/signature.ts';
import { TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';

export const MERCHANT = { authorization: `Bearer ${TEST_MERCHANT_KEY}` } as const;

/** An MTN Côte d'Ivoire mobile-money account; a number ending in 04 makes its payouts fail. */
export const mtnCi = (phoneNumber = '+2250700000001') => ({ provider: 'mtn-ci', account: { phoneNumber } });

export const zenithNg = { provider: 'bank-ng', account: { accountNumber: '0123456789', bankCode: '057' } };

export async function validatedRecipient(t: AppFixture, body: unknown = mtnCi()): Promise<string> {
  const res = await t.request('POST', '/api/v1/payouts/recipients/validate', body, MERCHANT);
  if (res.status !== 201) throw new Error(`validate answered ${res.status}: ${res.text}`);
  return res.json.data.id as string;
}

export function requestPayout(t: AppFixture, body: unknown, key: string = randomUUID()) {
  return t.request('POST', '/api/v1/payouts', body, { ...MERCHANT, 'Idempotency-Key': key });
}

/** Requests a payout that must be accepted; answers the Payout. */
// Tests read whatever shape they expect; `any` keeps their assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function paidOut(t: AppFixture, body: unknown): Promise<any> {
  const res = await requestPayout(t, body);
  if (res.status !== 201) throw new Error(`payout answered ${res.status}: ${res.text}`);
  return res.json.data;
}

export function getPayout(t: AppFixture, reference: string) {
  return t.request('GET', `/api/v1/payouts/${reference}`, undefined, MERCHANT);
}

export function ledgerRow(t: AppFixture, reference: string) {
  return t.store.db
    .selectFrom('payouts')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

/** The disbursement wallet of a market, as the merchant sees it through GET /api/v1/wallets. */
export async function disbursementWallet(t: AppFixture, country: string, currency: string): Promise<number> {
  const res = await t.request(
    'GET',
    `/api/v1/wallets?country=${country}&currency=${currency}`,
    undefined,
    MERCHANT,
  );
  const wallet = (res.json.data as { type: string; amount: number }[]).find((w) => w.type === 'disbursement');
  if (!wallet) throw new Error(`no disbursement wallet in ${res.text}`);
  return wallet.amount;
}

export async function sandboxDisbursements(t: AppFixture, externalReference: string): Promise<number> {
  const rows = await t.store.db
    .selectFrom('sandbox_disbursements')
    .select('id')
    .where('external_reference', '=', externalReference)
    .execute();
  return rows.length;
}

export interface WebhookPayout {
  reference: string;
  providerReference: string;
  amount: number;
}

/** A `disbursement.status` webhook body for one of our payouts, as the provider would send it. */
export function disbursementWebhook(
  t: AppFixture,
  payout: WebhookPayout,
  status: 'processing' | 'success' | 'failed',
  extra: { deliveryId?: string | null; completedAt?: number } = {},
): string {
  const final = status !== 'processing';
  const deliveryId = extra.deliveryId === undefined ? `dlv_${payout.reference}_${status}` : extra.deliveryId;
  return JSON.stringify({
    event: 'disbursement.status',
    clientId: t.config.clientId,
    ...(deliveryId === null ? {} : { deliveryId }),
    data: {
      type: 'disbursement',
      status,
      statusDescription: {
        processing: 'Disbursement is being processed',
        success: 'Disbursement completed successfully',
        failed: 'Disbursement failed',
      }[status],
      reference: payout.providerReference,
      externalReference: payout.reference,
      amount: payout.amount,
      charge: 50,
      currency: 'XOF',
      country: 'CI',
      provider: 'mtn-ci',
      transferRecipientLabel: 'Aya Kouassi (MTN Mobile Money ****0001)',
      timestamp: '2026-11-22T10:00:00.000Z',
      narration: '',
      completedAt: final ? (extra.completedAt ?? 1_795_341_660) : null,
    },
  });
}

export function postDisbursementWebhook(
  t: AppFixture,
  body: string,
  signature: string | null = signWebhook(body, t.config.clientSecret),
) {
  return t.request(
    'POST',
    '/webhooks/disbursements',
    body,
    signature === null ? {} : { 'x-webhook-signature': signature },
  );
}
