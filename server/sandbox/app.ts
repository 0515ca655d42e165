/**
 * The sandbox: a Hono sub-app that answers the whole provider API with real state
 * (docs/sandbox.md#the-sandbox). `createSandbox` starts no timers: whoever hosts it calls `runDue()` on a
 * schedule (server/main.ts) or by hand (tests), which applies due outcomes and sends due webhooks.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../store/schema.ts';
import { adminRoutes } from './admin.ts';
import { assetRoutes } from './assets.ts';
import { collectionRoutes } from './collections/routes.ts';
import { settleDueCollections } from './collections/outcomes.ts';
import { SandboxConfigSchema, type SandboxConfigInput } from './config.ts';
import { NO_FAULTS, type SandboxContext } from './context.ts';
import { disbursementRoutes } from './disbursements/routes.ts';
import { settleDueDisbursements } from './disbursements/outcomes.ts';
import { sandboxNotFound, renderSandboxError, SandboxError } from './errors.ts';
import { hostedPageRoutes } from './collections/hosted-page.ts';
import { paymentLinkRoutes } from './links/routes.ts';
import { seedSandbox } from './seed.ts';
import { limitSandboxBodies } from './validate.ts';
import { deliverDue } from './webhooks.ts';

export interface SandboxDeps {
  db: Kysely<Database>;
  config: SandboxConfigInput;
  clock?: Clock;
  fetch?: typeof fetch;
  random?: () => number;
}

export type Sandbox = Awaited<ReturnType<typeof createSandbox>>;

export async function createSandbox(deps: SandboxDeps) {
  const context: SandboxContext = {
    config: SandboxConfigSchema.parse(deps.config),
    db: deps.db,
    clock: deps.clock ?? systemClock,
    fetch: deps.fetch ?? globalThis.fetch,
    random: deps.random ?? Math.random,
    faults: { ...NO_FAULTS },
    failedOnce: new Set(),
  };
  await seedSandbox(context);

  const api = new Hono()
    .use(requireClientCredentials(context))
    .use(injectFaults(context))
    .route('/', paymentLinkRoutes(context))
    .route('/', collectionRoutes(context))
    .route('/', disbursementRoutes(context))
    .route('/_admin', adminRoutes(context));

  const app = new Hono()
    // Every body, the hosted page's form included, before anything reads it.
    .use(limitSandboxBodies())
    // Browser-facing pages carry no credentials: the hosted checkout and the logos.
    .route('/assets', assetRoutes(context))
    .route('/checkout', hostedPageRoutes(context))
    .route('/', api)
    // A route, not `notFound`: a mounted app's `notFound` is not used by the app it is mounted in, and
    // the sandbox must answer its unknown paths in the provider's format there too.
    .all('*', () => {
      throw sandboxNotFound('Route');
    })
    .onError(renderSandboxError);

  let running: Promise<void> | null = null;
  /** Applies due outcomes, then sends due webhooks; concurrent calls share one run. */
  const runDue = () => {
    running ??= (async () => {
      try {
        await settleDueCollections(context);
        await settleDueDisbursements(context);
        await deliverDue(context);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return { app, context, runDue };
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function requireClientCredentials(context: SandboxContext) {
  return async (c: import('hono').Context, next: () => Promise<void>) => {
    const { clientId, clientSecret } = context.config;
    if (c.req.header('client-id') !== clientId || !sameSecret(c.req.header('client-secret'), clientSecret)) {
      throw new SandboxError(401, 'Unauthorized', 'Invalid client-id or client-secret');
    }
    await next();
  };
}

/** Latency and random 500s, as set through the admin API; the admin API itself is never faulted. */
function injectFaults(context: SandboxContext) {
  return async (c: import('hono').Context, next: () => Promise<void>) => {
    if (!c.req.path.includes('/_admin')) {
      const { latencyMs, errorRate } = context.faults;
      // A caller that gives up stops the wait too, as a dropped connection would.
      if (latencyMs > 0) await context.clock.sleep(latencyMs, c.req.raw.signal).catch(() => undefined);
      if (errorRate > 0 && context.random() < errorRate) {
        throw new SandboxError(500, 'ProviderError', 'Injected fault: the upstream provider failed');
      }
    }
    await next();
  };
}
