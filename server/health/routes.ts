/**
 * Health checks for a load balancer: /healthz says the process answers; /readyz says it can do its job,
 * i.e. the database answers and the provider is reachable. The provider check is a cheap list call,
 * remembered for a few seconds so frequent probes do not turn into provider traffic.
 */
import { createRoute } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { errors, PUBLIC, single } from '../contract/describe.ts';
import { createOpenApiApp } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import type { ProviderClient } from '../provider/client.ts';
import type { Store } from '../store/database.ts';

const PROVIDER_CHECK_TTL_MS = 10_000;

const probe = { method: 'get' as const, path: '/', tags: ['Operations'], security: PUBLIC };

const liveness = createRoute({
  ...probe,
  operationId: 'healthz',
  summary: 'Alive',
  responses: { 200: single('The process answers', z.object({ status: z.literal('ok') })) },
});

const readiness = createRoute({
  ...probe,
  operationId: 'readyz',
  summary: 'Store and provider reachable',
  responses: {
    200: single('Ready', z.object({ status: z.literal('ready') })),
    ...errors(503),
  },
});

/** `GET /healthz` (mounted there): the process answers. */
export function livenessRoutes() {
  return createOpenApiApp().openapi(liveness, (c) =>
    c.json({ statusCode: 200, data: { status: 'ok' as const } }, 200),
  );
}

/** `GET /readyz` (mounted there): the database answers and the provider is reachable. */
export function readinessRoutes(deps: { store: Store; provider: ProviderClient; clock: Clock }) {
  let providerOkAt = Number.NEGATIVE_INFINITY;
  return createOpenApiApp().openapi(readiness, async (c) => {
    try {
      await sql`select 1`.execute(deps.store.db);
    } catch {
      throw new ApiError(503, 'provider_unavailable', 'The database is not reachable');
    }
    if (deps.clock.now() - providerOkAt > PROVIDER_CHECK_TTL_MS) {
      try {
        await deps.provider.listPaymentLinks({ limit: 1 });
      } catch {
        throw new ApiError(503, 'provider_unavailable', 'The payment provider is not reachable');
      }
      providerOkAt = deps.clock.now();
    }
    return c.json({ statusCode: 200, data: { status: 'ready' as const } }, 200);
  });
}
