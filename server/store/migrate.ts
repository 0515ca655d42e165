/**
 * One ordered set of migrations for both engines. Kysely's migrator takes a lock while it runs
 * (pg_advisory_xact_lock on PostgreSQL), so several instances starting together do not race.
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Database } from './schema.ts';
import type { Engine } from './engine.ts';
import { sandboxTables } from './migrations/0001-sandbox.ts';
import { paymentTables } from './migrations/0002-payments.ts';
import { payoutTables } from './migrations/0003-payouts.ts';
import { notificationTables } from './migrations/0004-notifications.ts';
import { retentionColumns } from './migrations/0005-retention.ts';
import { sharedStateTables } from './migrations/0006-shared-state.ts';
import { moneyHoldColumns } from './migrations/0007-money-holds.ts';
import { idempotencyLease } from './migrations/0008-idempotency-lease.ts';
import { refundColumns } from './migrations/0009-refunds.ts';
import { handoffTables } from './migrations/0010-handoffs.ts';
import { handoffClaimColumn } from './migrations/0011-handoff-claims.ts';

/** Ordered by name; a migration gets the engine only where the two need different column types. */
function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '0001-sandbox': sandboxTables,
    '0002-payments': paymentTables(engine),
    '0003-payouts': payoutTables,
    '0004-notifications': notificationTables,
    '0005-retention': retentionColumns,
    '0006-shared-state': sharedStateTables,
    '0007-money-holds': moneyHoldColumns,
    '0008-idempotency-lease': idempotencyLease,
    '0009-refunds': refundColumns,
    '0010-handoffs': handoffTables,
    '0011-handoff-claims': handoffClaimColumn,
  };
}

export async function migrateToLatest(db: Kysely<Database>, engine: Engine): Promise<void> {
  const migrator = new Migrator({
    // Migrations work on the untyped schema: they create what the typed one describes.
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrationsFor(engine) },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
