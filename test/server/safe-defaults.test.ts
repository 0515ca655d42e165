/**
 * Safe defaults: off loopback, the sandbox (which can force any payment to success) and the demo (which
 * prints its credentials) are served only with PAY_MODE=embedded and SANDBOX_PUBLIC=1 both set; without
 * them the server does not start and says how to fix it. The Docker image defaults to remote mode, so a
 * bare `docker run` stops asking for the provider's credentials.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { isLoopbackHost } from '../../server/http/loopback.ts';
import { runScript } from './run-script.ts';

const REMOTE = {
  PAY_MODE: 'remote',
  PAY_BASE_URL: 'https://api.provider.test',
  PAY_CLIENT_ID: 'pk_live_x',
  PAY_CLIENT_SECRET: 'sk_live_secret_x',
  MERCHANT_API_KEY: 'mk_live_0123456789abcdef',
};

describe('isLoopbackHost', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.5',
    '192.168.1.2',
    '::ffff:10.0.0.1',
    'pay.example.com',
    'localhost.example.com',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('embedded mode off loopback', () => {
  it.each([
    ['nothing else', {}],
    ['SANDBOX_PUBLIC=1 alone (embedded only by default)', { SANDBOX_PUBLIC: '1' }],
    ['PAY_MODE=embedded alone', { PAY_MODE: 'embedded' }],
    ['SANDBOX_PUBLIC=0', { PAY_MODE: 'embedded', SANDBOX_PUBLIC: '0' }],
  ])('is refused with %s, naming HOST and the fixes', (_label, env) => {
    expect(() => loadConfig({ HOST: '0.0.0.0', ...env })).toThrow(
      /^Invalid configuration: HOST is 0\.0\.0\.0, not a loopback address, .*set PAY_MODE=remote .*set PAY_MODE=embedded and SANDBOX_PUBLIC=1; or listen on HOST=127\.0\.0\.1$/,
    );
  });

  it('starts with PAY_MODE=embedded and SANDBOX_PUBLIC=1 both set', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PAY_MODE: 'embedded', SANDBOX_PUBLIC: '1' }).mode).toBe('embedded');
    expect(loadConfig({ HOST: '::', PAY_MODE: 'embedded', SANDBOX_PUBLIC: 'true' }).mode).toBe('embedded');
  });

  it('is the default on loopback, and remote mode may listen anywhere', () => {
    expect(loadConfig({}).mode).toBe('embedded');
    expect(loadConfig({ HOST: '::1' }).mode).toBe('embedded');
    expect(loadConfig({ HOST: '0.0.0.0', ...REMOTE }).mode).toBe('remote');
  });

  it('refuses a sandbox webhook allow-list of "*"', () => {
    expect(() => loadConfig({ SANDBOX_WEBHOOK_ALLOWLIST: '*' })).toThrow(
      /SANDBOX_WEBHOOK_ALLOWLIST cannot be "\*"/,
    );
    expect(
      loadConfig({ SANDBOX_WEBHOOK_ALLOWLIST: 'https://hooks.test, http://10.0.0.7:9000' }).sandbox
        .webhookAllowlist,
    ).toEqual(['https://hooks.test', 'http://10.0.0.7:9000']);
  });
});

describe('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pay-safe-defaults-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // A server that starts anyway is stopped as soon as it says so, and the test fails on its exit code.
  const listening = (output: string) => output.includes('pay-checkout listening');
  // Loading the server's modules takes a second on a quiet machine, many more on a busy one.
  const SPAWN_TIMEOUT_MS = 60_000;

  it(
    'bound to 0.0.0.0 without the flags does not start, exits EX_CONFIG and says why',
    async () => {
      const run = await runScript('server/main.ts', {
        env: { HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        stopWhen: listening,
      });
      expect(run.code).toBe(78);
      expect(run.stderr).toMatch(/HOST is 0\.0\.0\.0, not a loopback address/);
      expect(run.stderr).toContain('set PAY_MODE=embedded and SANDBOX_PUBLIC=1');
      expect(run.stdout).toBe('');
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    "with the Dockerfile's own environment and no provider credentials does not start",
    async () => {
      const env = runtimeEnvOfDockerfile();
      expect(env).toMatchObject({ HOST: '0.0.0.0', PAY_MODE: 'remote' });
      const run = await runScript('server/main.ts', {
        // The image's own port and /data are swapped for ones this test may use.
        env: { ...env, PORT: '0', DATA_DIR: dataDir },
        stopWhen: listening,
      });
      expect(run.code).toBe(78);
      expect(run.stderr).toMatch(
        /^Invalid configuration: PAY_BASE_URL is required when PAY_MODE=remote; PAY_CLIENT_ID is required when PAY_MODE=remote; PAY_CLIENT_SECRET is required when PAY_MODE=remote; MERCHANT_API_KEY is required when PAY_MODE=remote/,
      );
    },
    SPAWN_TIMEOUT_MS,
  );
});

/** The `ENV` lines of the Dockerfile's last stage (the image that runs), as a record. */
function runtimeEnvOfDockerfile(): Record<string, string> {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8').replace(/\\\n/g, ' ');
  const stages = dockerfile.split(/^FROM /m);
  const runtime = stages[stages.length - 1] ?? '';
  const env: Record<string, string> = {};
  for (const [, assignments] of runtime.matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of (assignments ?? '').matchAll(/(\w+)=(\S+)/g)) env[name ?? ''] = value ?? '';
  }
  return env;
}
