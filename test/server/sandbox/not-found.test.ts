/**
 * An unknown path under the embedded sandbox answers as the provider would, `{statusCode, error,
 * errorCode}` 404 `NotFound`, not in our API's error envelope: the sandbox owns every /sandbox/* path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const credentials = () => ({ 'client-id': t.config.clientId, 'client-secret': t.config.clientSecret });
const NOT_FOUND = { statusCode: 404, error: 'Route not found', errorCode: 'NotFound' };

describe('an unknown /sandbox/* path', () => {
  it.each([
    ['GET', '/sandbox/nope'],
    ['GET', '/sandbox/payments/v1/nope'],
    ['POST', '/sandbox/checkout/x/y/z'],
    ['DELETE', '/sandbox/assets/nope/deeper'],
  ])('%s %s with credentials is 404 NotFound in the provider format', async (method, path) => {
    const res = await t.request(method, path, undefined, credentials());
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
  });

  it('without credentials is refused in the provider format too', async () => {
    const res = await t.request('GET', '/sandbox/nope');
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ statusCode: 401, errorCode: 'Unauthorized' });
  });

  it('leaves the rest of the app to our envelope', async () => {
    const res = await t.request('GET', '/sandboxes');
    expect(res.json).toEqual({ statusCode: 404, error: { code: 'not_found', message: 'No such route' } });
  });
});
