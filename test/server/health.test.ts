// Health checks: alive, and ready only while the database and the provider answer.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from './app-fixture.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

it('answers alive and ready', async () => {
  expect((await t.request('GET', '/healthz')).json).toEqual({ statusCode: 200, data: { status: 'ok' } });
  expect((await t.request('GET', '/readyz')).json).toEqual({ statusCode: 200, data: { status: 'ready' } });
});

it('is not ready while the provider fails', async () => {
  await t.request('PUT', '/sandbox/_admin/faults', { errorRate: 1 }, {
    'client-id': t.config.clientId,
    'client-secret': t.config.clientSecret,
  });
  const answer = await t.request('GET', '/readyz');
  expect(answer.status).toBe(503);
  expect(answer.json.error).toEqual({ code: 'provider_unavailable', message: 'The payment provider is not reachable' });
});

it('is not ready once the database is gone', async () => {
  await t.store.close();
  const answer = await t.request('GET', '/readyz');
  expect(answer.status).toBe(503);
  expect(answer.json.error.message).toBe('The database is not reachable');
});
