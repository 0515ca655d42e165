/**
 * An instance stopped as an orchestrator stops it (SIGTERM, in a deploy or a scale-down) while a payer's
 * event stream is open on it. The stream may stay open for up to 30 minutes, and the server's close waits
 * for every open request: the stream used to hold the process up until the orchestrator's SIGKILL, so the
 * database was never closed. Now the stream ends at once (the widget carries on by polling, which the
 * balancer sends to another instance) and the process exits 0.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openStream,
  startBackendProcess,
  startSandboxProcess,
  stopAll,
  type Instance,
} from './processes.ts';

describe('SIGTERM with a payer’s event stream open', { timeout: 40_000 }, () => {
  let backend: Instance;

  beforeAll(async () => {
    const sandbox = await startSandboxProcess();
    backend = await startBackendProcess(sandbox.url, {});
  }, 150_000);
  afterAll(() => stopAll());

  it('ends the stream, finishes its shutdown and exits 0', async () => {
    // Phone number ending 03: the sandbox keeps the payment processing, so its stream stays open.
    const phoneNumber = '+2250700000003';
    const created = await call(
      backend.url,
      'POST',
      '/api/v1/payments',
      {
        link: 'lnk_fixed_ci',
        customer: { name: 'Awa Koné', email: 'awa@example.ci', phoneNumber },
        fields: { subscriber_id: 'AB-1234' },
        method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
      },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(created.status).toBe(201);
    const { payment, token } = created.json.data;
    const stream = await openStream(backend, payment.reference, token);
    expect(await stream.next()).toMatchObject({ status: 'processing' });

    const exited = backend.stop();
    await stream.ended();
    expect(await exited).toBe(0);
    expect(backend.output()).toContain('"msg":"shutting down"');
  });
});
