/**
 * `npm run backup`: a copy taken while the server holds data (its SQLite file open, recent commits still
 * in the write-ahead log), restored into a fresh DATA_DIR, reads back through the app as it was.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, SQLITE_FILE } from '../../../server/store/database.ts';
import { startApp, TEST_MERCHANT_KEY } from '../app-fixture.ts';
import { created, fixedCiPayment, get } from '../payments/helpers.ts';
import { runScript } from '../run-script.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pay-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Each run loads the script's modules in a new Node process: a second when quiet, more when busy.
const SCRIPT_TIMEOUT_MS = 60_000;

const merchantList = (t: Awaited<ReturnType<typeof startApp>>) =>
  t.request('GET', '/api/v1/payments', undefined, { authorization: `Bearer ${TEST_MERCHANT_KEY}` });

describe('npm run backup', () => {
  it(
    'copies a running server’s database, and a restore into a fresh DATA_DIR reads the same payments',
    async () => {
      const liveDir = join(scratch, 'live');
      const liveStore = await openStore({ dataDir: liveDir });
      const live = await startApp({ store: liveStore });
      const paid = await created(live, fixedCiPayment('+2250700000001'));
      await live.settle();
      const pending = await created(live, fixedCiPayment('+2250700000003')); // stays processing
      expect((await get(live, paid.reference, paid.token)).json.data.status).toBe('success');
      const before = (await merchantList(live)).json;

      const file = join(scratch, 'nightly.sqlite');
      const run = await runScript('server/store/backup.ts', { args: [file], env: { DATA_DIR: liveDir } });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /^backed up .*live\/pay-checkout\.sqlite to .*nightly\.sqlite \(\d+ pages\)\n$/,
      );
      expect(existsSync(`${file}.partial`)).toBe(false);
      await live.close();
      await liveStore.close();

      // The restore procedure: the server stopped, the copy put in place as DATA_DIR's database.
      const restoredDir = join(scratch, 'restored');
      mkdirSync(restoredDir);
      copyFileSync(file, join(restoredDir, SQLITE_FILE));
      const store = await openStore({ dataDir: restoredDir });
      const restored = await startApp({ store });
      try {
        expect((await merchantList(restored)).json).toEqual(before);
        expect((await get(restored, paid.reference, paid.token)).json.data).toMatchObject({
          status: 'success',
          amount: 15_000,
        });
        expect((await get(restored, pending.reference, pending.token)).json.data.status).toBe('processing');
      } finally {
        await restored.close();
        await store.close();
      }
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'says what is wrong without a target, with no database, and on PostgreSQL',
    async () => {
      const [noTarget, noDatabase, postgres] = await Promise.all([
        runScript('server/store/backup.ts', { env: { DATA_DIR: scratch } }),
        runScript('server/store/backup.ts', {
          args: [join(scratch, 'x.sqlite')],
          env: { DATA_DIR: join(scratch, 'nothing-here') },
        }),
        runScript('server/store/backup.ts', {
          args: ['x.sqlite'],
          env: { DATABASE_URL: 'postgres://localhost/pay' },
        }),
      ]);
      expect([noTarget.code, noTarget.stderr]).toEqual([
        64,
        expect.stringMatching(/^usage: npm run backup -- <file>/),
      ]);
      expect([noDatabase.code, noDatabase.stderr]).toEqual([
        78,
        expect.stringMatching(/^cannot open .*nothing-here\/pay-checkout\.sqlite: /),
      ]);
      expect([postgres.code, postgres.stderr]).toEqual([
        64,
        expect.stringMatching(/^DATABASE_URL is set: back up PostgreSQL with its own tools \(pg_dump\)/),
      ]);
      expect(existsSync(join(scratch, 'x.sqlite'))).toBe(false);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
