/**
 * `npm run backup -- <file>` (or `BACKUP_FILE=<file> npm run backup`): a consistent copy of the SQLite
 * database while the server keeps running, through SQLite's online backup API (better-sqlite3's
 * `db.backup`), which copies page by page and starts over if a write lands mid-copy. The copy is written
 * beside the target and renamed into place, so an interrupted backup never leaves a half file under
 * the target's name. Restoring is copying the file back while the server is stopped
 * (docs/deploy.md#backups-and-restore). PostgreSQL has its own tools (pg_dump), so with DATABASE_URL
 * set this refuses.
 */
import { renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.ts';
import { SQLITE_FILE } from './database.ts';

class BackupError extends Error {
  override name = 'BackupError';
}

/** Copies DATA_DIR's database to `destination` (replacing it); answers the number of pages copied. */
async function backupSqlite(dataDir: string, destination: string): Promise<number> {
  const source = join(dataDir, SQLITE_FILE);
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(source, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`cannot open ${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const partial = `${destination}.partial`;
  try {
    const { totalPages } = await db.backup(partial);
    renameSync(partial, destination);
    return totalPages;
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(
      `backup to ${destination} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    db.close();
  }
}

async function main(): Promise<number> {
  const target = process.argv[2] ?? process.env.BACKUP_FILE;
  if (!target) {
    console.error(
      'usage: npm run backup -- <file>   (or BACKUP_FILE=<file>); DATA_DIR says where the database is',
    );
    return 64; // EX_USAGE
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump), not this script');
    return 64;
  }
  const destination = resolve(target);
  const pages = await backupSqlite(config.dataDir, destination);
  process.stdout.write(`backed up ${join(config.dataDir, SQLITE_FILE)} to ${destination} (${pages} pages)\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof BackupError;
    console.error(known ? error.message : error);
    process.exit(known ? 78 : 1);
  },
);
