// The logger's redaction: every secret the configuration holds is replaced wherever the code could log
// it (secrets.test.ts checks the lines of real traffic; this checks the objects that hold secrets).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';

const SECRETS = {
  PAY_CLIENT_SECRET: 'secret-current-0123456789',
  PAY_CLIENT_SECRET_PREVIOUS: 'secret-previous-0123456789',
  MERCHANT_API_KEY: 'mk-current-0123456789abcdef',
  MERCHANT_API_KEY_PREVIOUS: 'mk-previous-0123456789abcdef',
  MERCHANT_WEBHOOK_SECRET: 'whsec-0123456789abcdef0123',
  DATABASE_URL: 'postgres://pay:db-password-0123@db.example.test/pay',
};

function captured() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('the logger', () => {
  const config = loadConfig({
    PAY_MODE: 'remote',
    PAY_BASE_URL: 'https://api.example.test',
    PAY_CLIENT_ID: 'client-id-0123',
    MERCHANT_WEBHOOK_URL: 'https://merchant.example.test/hooks',
    ...SECRETS,
  });

  it.each([
    ['the config', { config }],
    ['the config spread into a line', { ...config }],
    [
      'the provider client options',
      { options: { baseUrl: 'https://api.example.test', clientSecret: config.clientSecret } },
    ],
    [
      'a provider request headers',
      { headers: { 'client-id': 'client-id-0123', 'client-secret': config.clientSecret } },
    ],
    ['a request', { req: { headers: { 'client-secret': config.clientSecret } } }],
  ])('writes no secret of %s', (_, logged) => {
    const { logger, lines } = captured();
    logger.info(logged, 'logged');
    expect(lines).toHaveLength(1);
    for (const secret of Object.values(SECRETS)) expect(lines[0]).not.toContain(secret);
    expect(lines[0]).toContain('[redacted]');
  });

  it('keeps what is not a secret, on a request logger too', () => {
    const { logger, lines } = captured();
    logger.child({ requestId: 'req-1' }).info({ method: 'GET', path: '/x', status: 200, ms: 1 }, 'request');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      requestId: 'req-1',
      method: 'GET',
      path: '/x',
      status: 200,
      ms: 1,
      msg: 'request',
    });
  });
});
