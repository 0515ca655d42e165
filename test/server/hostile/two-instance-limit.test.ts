/**
 * Two instances on one PostgreSQL collect for one link. Each keeps the provider's link a few seconds in
 * its own cache, and only the instance that saw a success drops its copy: admission must decide on what
 * both share, not on the other instance's old copy. `lnk_limited_ke` has 15,000 left under its limit.
 */
import { describe, expect, it } from 'vitest';
import { create, created, get, limitedKePayment } from '../payments/helpers.ts';
import { postgresUrl } from '../postgres.ts';
import { twoInstancesOnOnePostgres } from '../two-instances.ts';

describe.skipIf(!postgresUrl)('two instances and one amount limit', () => {
  const instances = twoInstancesOnOnePostgres();

  it('what one instance collected is not offered again by the other', async () => {
    const { one, two } = instances;
    // Both instances have the link in their cache, 15,000 left.
    for (const instance of [one, two]) {
      const link = await instance.request('GET', '/api/v1/links/lnk_limited_ke');
      expect(link.json.data.amount.remaining).toBe(15_000);
    }
    const paid = await created(one, limitedKePayment(15_000, '+254700000001'));
    await one.settle();
    expect((await get(one, paid.reference, paid.token)).json.data.status).toBe('success');

    // Within the cache's ten seconds, on the other instance.
    const again = await create(two, limitedKePayment(15_000, '+254700000101'));
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('link_unavailable');
  });
});
