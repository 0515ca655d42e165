// The merchant's books from the console in Chromium: a payment, its notification and a payout made
// through the API, then each tab's "Download CSV" (payments, collections, payouts, notifications and the
// reconciliation report) saved by the browser as a download and opened as an accountant's spreadsheet
// would: the UTF-8 byte order mark, the header row, and the row of the record made here, parsed with an
// independent CSV parser.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEMO_MERCHANT_API_KEY } from '../../server/config.ts';
import { COLLECTION_COLUMNS } from '../../server/exports/collections.ts';
import { NOTIFICATION_COLUMNS } from '../../server/exports/notifications.ts';
import { PAYMENT_COLUMNS } from '../../server/exports/payments.ts';
import { PAYOUT_COLUMNS } from '../../server/exports/payouts.ts';
import { REPORT_COLUMNS } from '../../server/reconciliation/export.ts';
import { api, logInToConsole, paidPayment } from './helpers.ts';

const MERCHANT = { authorization: `Bearer ${DEMO_MERCHANT_API_KEY}` };

/** A payout of XOF 2,500 to an MTN Côte d'Ivoire account, through the merchant's API. */
async function payout(page: Page): Promise<string> {
  const validated = await page.request.post(`${api()}/api/v1/payouts/recipients/validate`, {
    headers: MERCHANT,
    data: { provider: 'mtn-ci', account: { phoneNumber: '+2250700002602' } },
  });
  expect(validated.status(), await validated.text()).toBe(201);
  const recipient = ((await validated.json()) as { data: { id: string } }).data.id;
  const created = await page.request.post(`${api()}/api/v1/payouts`, {
    headers: { ...MERCHANT, 'Idempotency-Key': randomUUID() },
    data: { transferRecipientId: recipient, amount: 2_500 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { reference: string } }).data.reference;
}

/**
 * Clicks `link`, takes the file Chromium saves, and opens it: UTF-8 with a byte order mark (for Excel),
 * then RFC 4180 with a header row. Answers the file's name, its header and its rows by column.
 */
async function download(page: Page, link: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(await file.failure()).toBeNull();
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const [header] = parse(text, { to_line: 1 }) as string[][];
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  return { name: file.suggestedFilename(), header, rows };
}

test('a console user downloads each export and the reconciliation report, and opens them', async ({
  page,
}) => {
  const reference = await paidPayment(page, '+2250700002601', {
    name: 'Adébáyọ̀ Ọlọ́fin',
    email: 'ade@example.ci',
  });
  const payoutReference = await payout(page);
  const today = new Date().toISOString().slice(0, 10);

  await logInToConsole(page);

  const payments = await download(page, page.getByRole('link', { name: 'Download the payments as CSV' }));
  expect(payments.name).toBe('payments-start-now.csv');
  expect(payments.header).toEqual([...PAYMENT_COLUMNS]);
  // The payer's Yoruba name survives the trip through the file's encoding.
  expect(payments.rows.find((row) => row.reference === reference)).toMatchObject({
    status: 'success',
    currency: 'XOF',
    currency_exponent: '0',
    amount: '15000',
    amount_minor: '15000',
    customer_name: 'Adébáyọ̀ Ọlọ́fin',
    custom_fields: JSON.stringify({ subscriber_id: 'AB-1234' }),
  });

  await page.getByRole('tab', { name: 'Collections' }).click();
  const collections = await download(
    page,
    page.getByRole('link', { name: 'Download the collections as CSV' }),
  );
  expect(collections.header).toEqual([...COLLECTION_COLUMNS]);
  expect(collections.rows.find((row) => row.reference === reference)).toMatchObject({
    status: 'success',
    currency: 'XOF',
    amount: '15000',
    amount_minor: '15000',
  });

  await page.getByRole('tab', { name: 'Payouts' }).click();
  const payouts = await download(page, page.getByRole('link', { name: 'Download the payouts as CSV' }));
  expect(payouts.header).toEqual([...PAYOUT_COLUMNS]);
  expect(payouts.rows.find((row) => row.reference === payoutReference)).toMatchObject({
    currency: 'XOF',
    currency_exponent: '0',
    amount: '2500',
    amount_minor: '2500',
    transfer_recipient_id: expect.stringMatching(/.+/),
  });

  await page.getByRole('tab', { name: 'Notifications' }).click();
  const notifications = await download(
    page,
    page.getByRole('link', { name: 'Download the notifications as CSV' }),
  );
  expect(notifications.header).toEqual([...NOTIFICATION_COLUMNS]);
  const succeeded = notifications.rows.find((row) => row.subject === reference);
  expect(succeeded).toMatchObject({ type: 'payment.succeeded' });
  expect(JSON.parse(succeeded?.payload ?? 'null')).toMatchObject({ type: 'payment.succeeded' });

  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Reconciliation' });
  await panel.getByLabel('From', { exact: true }).fill(today);
  await panel.getByLabel('To', { exact: true }).fill(today);
  const report = await download(
    page,
    panel.getByRole('link', { name: 'Download the reconciliation report as CSV' }),
  );
  expect(report.name).toBe(`reconciliation-${today}-to-${today}.csv`);
  expect(report.header).toEqual([...REPORT_COLUMNS]);
  // Other specs add records of today too: the payment made here is at least counted and summed.
  const counted = report.rows.find((row) => row.type === 'counts' && row.kind === 'payment');
  expect(counted).toMatchObject({ period_from: today, period_to: today });
  expect(Number(counted!.matched)).toBeGreaterThanOrEqual(1);
  const total = report.rows.find((row) => row.type === 'total' && row.kind === 'payment');
  expect(total).toMatchObject({ currency: 'XOF', currency_exponent: '0' });
  expect(total!.ours_amount).toBe(total!.ours_amount_minor);
  expect(Number(total!.ours_amount_minor)).toBeGreaterThanOrEqual(15_000);
});
