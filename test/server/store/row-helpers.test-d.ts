// Compile-time test of the row helpers' types (server/store/prepared.ts), checked by tsc in vitest's
// typecheck mode (and by `npm run typecheck`): every `@ts-expect-error` line must fail to compile, or tsc
// reports the directive as unused. Nothing here runs.
import type { Kysely } from 'kysely';
import { describe, it } from 'vitest';
import { insertRow, updateWhere } from '../../../server/store/prepared.ts';
import type { Database, ProviderWebhookRow } from '../../../server/store/schema.ts';

declare const db: Kysely<Database>;

describe('row helpers refuse rows that do not fit their table', () => {
  it('insertRow', () => {
    const received: ProviderWebhookRow = {
      dedup_key: 'dlv-1',
      event: 'payment.completed',
      reference: 'pay_1',
      status: 'success',
      body: '{}',
      received_at: 1,
      processed_at: null,
    };
    void insertRow(db, 'provider_webhooks', received, 'dedup_key');

    // A misspelt column in a literal row...
    // @ts-expect-error recieved_at is not a column of provider_webhooks
    void insertRow(db, 'provider_webhooks', { ...received, recieved_at: 1 });
    // ...and in a row built beforehand.
    const misspelt = { ...received, procesed_at: null };
    // @ts-expect-error procesed_at is not a column of provider_webhooks
    void insertRow(db, 'provider_webhooks', misspelt);
    const { body: _body, ...withoutBody } = received;
    // @ts-expect-error body is required (not null, no default)
    void insertRow(db, 'provider_webhooks', withoutBody);
    // @ts-expect-error a column's value of the wrong type
    void insertRow(db, 'provider_webhooks', { ...received, received_at: '1' });
    // @ts-expect-error the conflict target is not a column
    void insertRow(db, 'provider_webhooks', received, 'dedup');
    // @ts-expect-error no such table
    void insertRow(db, 'provider_webhook', received);
  });

  it('updateWhere', () => {
    void updateWhere(db, 'provider_webhooks', { processed_at: 2 }, { dedup_key: 'dlv-1' });

    // @ts-expect-error a misspelt column in the set
    void updateWhere(db, 'provider_webhooks', { procesed_at: 2 }, { dedup_key: 'dlv-1' });
    const patch = { processed_at: 2, bdy: '' };
    // @ts-expect-error a misspelt column in a set built beforehand, beside a right one
    void updateWhere(db, 'provider_webhooks', patch, { dedup_key: 'dlv-1' });
    // @ts-expect-error a misspelt column in the condition
    void updateWhere(db, 'provider_webhooks', { processed_at: 2 }, { dedupkey: 'dlv-1' });
    // @ts-expect-error a value of the wrong type in the set
    void updateWhere(db, 'provider_webhooks', { processed_at: 'now' }, { dedup_key: 'dlv-1' });
  });
});
