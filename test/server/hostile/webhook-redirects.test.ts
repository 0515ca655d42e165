/**
 * The sandbox sends webhooks only to allowed targets (against request forgery). A receiver on an allowed
 * origin that answers `307 Location: <anywhere>` must not get the signed POST carried on to an address
 * nobody allowed: a delivery follows no redirect, and a 3xx is a failed attempt, retried later.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../server/sandbox/app.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { AUTH_HEADERS, TEST_CONFIG, TestClock } from '../sandbox/fixture.ts';

/** A loopback HTTP server answering every request with `answer`, counting what reached it. */
async function listen(answer: (res: import('node:http').ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, hits, server };
}

let store: Store;
let sandbox: Sandbox;
let internal: Awaited<ReturnType<typeof listen>>;
let redirector: Awaited<ReturnType<typeof listen>>;

beforeEach(async () => {
  internal = await listen((res) => res.writeHead(200).end('ok'));
  redirector = await listen((res) =>
    res.writeHead(307, { location: `${internal.origin}/admin/danger` }).end(),
  );
  store = await openStore({ memory: true });
  sandbox = await createSandbox({
    db: store.db,
    clock: new TestClock(),
    // Real HTTP: the redirect is the network's, not a fake's.
    fetch: globalThis.fetch,
    config: {
      ...TEST_CONFIG,
      webhookUrl: undefined,
      // Only the redirector's origin is allowed; the internal server is not.
      webhookTargets: { origins: [redirector.origin] },
    },
  });
});
afterEach(async () => {
  await store.close();
  for (const { server } of [internal, redirector]) await new Promise((resolve) => server.close(resolve));
});

describe('a webhook receiver that answers 307 to an address nobody allowed', () => {
  it('is not followed: the internal address gets nothing, the attempt fails with the 307', async () => {
    const charge = await sandbox.app.request('/payments/v1/payments/direct-charge', {
      method: 'POST',
      headers: { ...AUTH_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'mtn-ci',
        amount: 10_000,
        reference: 'ref-redirect',
        customerInput: { phoneNumber: '2250700000001' },
        webhook: `${redirector.origin}/hooks`,
      }),
    });
    expect(charge.status).toBe(201);

    await sandbox.runDue(); // the outcome, then its webhook
    await sandbox.runDue();

    expect(redirector.hits).toEqual(['POST /hooks']);
    expect(internal.hits).toEqual([]);
    const delivery = await store.db
      .selectFrom('sandbox_webhook_deliveries')
      .select(['state', 'attempts', 'last_status', 'last_error'])
      .where('reference', '=', 'ref-redirect')
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({
      state: 'pending',
      attempts: 1,
      last_status: 307,
      last_error: 'HTTP 307: redirects are not followed',
    });
  });
});
