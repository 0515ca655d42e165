/**
 * Peak RSS of the backend under 30 concurrent 5 MB posts to a pay page with a file field, over real HTTP
 * on 127.0.0.1: `anonymous` (no cookie, no token: what anyone can send) or `token` (the form fetched
 * first, its cookie and token sent: the worst a client without a login can do). The backend is the
 * checkout given (default this one) run from source with the production Node flags, one per run.
 *
 *   node --import tsx test/bench/pay-page-memory.ts [anonymous|token] [checkout]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts';
import { freePort } from '../free-port.ts';

const POSTS = 30;
const FILE_BYTES = 5 * 1024 * 1024 - 4096;
const PATH = '/pay/lnk_all_fields_sn?lang=en';

const scenario = process.argv[2] === 'token' ? 'token' : 'anonymous';
const checkout = resolve(process.argv[3] ?? fileURLToPath(new URL('../../', import.meta.url)));

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pay-memory-'));
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
  cwd: checkout,
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, PAY_MODE: 'embedded', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'ignore'],
});
const exited = new Promise((done) => child.once('exit', done));

/** The backend's resident memory now and at its peak so far (the kernel's VmHWM), in MB. */
function memory() {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

async function healthy(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const ok = await fetch(`${url}/healthz`).then((res) => res.ok, () => false);
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the backend did not start');
}

try {
  await healthy();
  const page = await fetch(url + PATH);
  const html = await page.text();
  const cookie = page.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const token = /(?:\?|&amp;)_csrf=([^"&]*)"/.exec(html)?.[1] ?? /name="_csrf" value="([^"]*)"/.exec(html)?.[1] ?? '';
  const idle = memory();
  const file = new Uint8Array(FILE_BYTES).fill(0x61);
  const answers = await Promise.all(
    Array.from({ length: POSTS }, async (_, i) => {
      const form = new FormData();
      if (scenario === 'token') form.set('_csrf', token); // where the commit before read it
      form.set('_key', `key-${i}`);
      form.set('fields.medical_certificate', new Blob([file]), 'certificate.pdf');
      const target = scenario === 'token' ? `${url}${PATH}&_csrf=${token}` : url + PATH;
      try {
        const res = await fetch(target, { method: 'POST', body: form, headers: scenario === 'token' ? { cookie } : {} });
        return `${res.status} (${(await res.text()).length} B)`;
      } catch {
        return 'connection closed while sending';
      }
    }),
  );
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  const after = memory();
  process.stdout.write(
    `${scenario}: idle RSS ${idle.rss.toFixed(0)} MB, peak after ${POSTS} posts of 5 MB ${after.peak.toFixed(0)} MB ` +
      `(+${(after.peak - idle.peak).toFixed(0)} MB); answers ${JSON.stringify(counts)}\n`,
  );
} finally {
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
