/**
 * What the app is built from (AppDeps) and what its middleware puts on each request's context
 * (AppVariables), with the Hono factory every route file builds its sub-app and middleware from. Route
 * files import their types from here, never from app.ts, so app.ts (which imports them) sits in no
 * import cycle (test/server/wiring.test.ts checks it).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createFactory } from 'hono/factory';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { ConsoleSessions } from './console/sessions.ts';
import { refuseInvalidInput } from './contract/validation-hook.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { PaymentEvents } from './payments/events.ts';
import type { ProviderClient } from './provider/client.ts';
import type { Sandbox } from './sandbox/app.ts';
import type { Store } from './store/database.ts';
import type { CardDrawer } from './pay/preview-card-draw.ts';

export interface AppDeps {
  config: Config;
  store: Store;
  /** The provider API: the embedded sandbox in-process, or the real provider in remote mode. */
  provider: ProviderClient;
  clock: Clock;
  logger: Logger;
  /** The embedded provider sandbox, mounted at /sandbox; absent in remote mode. */
  sandbox?: Sandbox;
  /** This server's public base URL, e.g. http://localhost:8787 (no trailing slash). */
  publicUrl: string;
  /** Where the widget build lives (default `dist`, relative to the working directory). */
  widgetDistDir?: string;
  /** The widget's translations, put in the configs of links in their language (default `widget/i18n`). */
  translationsDir?: string;
  /** Payment status pushes; default: made from `store` (main.ts passes its own, to close on shutdown). */
  events?: PaymentEvents;
  /** Draws links' preview cards (default: `drawCard`, server/pay/preview-card-draw.ts); tests count. */
  drawPreviewCard?: CardDrawer;
}

/** Values the app's first middleware sets on the context for the handlers after it. */
interface AppVariables {
  requestId: string;
  /** The request's logger: its lines carry the request id. Hand it to whatever the request calls. */
  logger: Logger;
  /**
   * The console's sessions, read by requireMerchant (the cookie is one way in). Absent in a sub-app run
   * on its own, which then takes the merchant key only.
   */
  consoleSessions?: ConsoleSessions;
  /** This app's metrics, for what is counted outside the request middleware (renderError's callers). */
  metrics: Metrics;
}

export type AppEnv = { Variables: AppVariables };

/** Middleware and handlers typed with AppEnv (and sub-apps with no documented route). */
export const factory = createFactory<AppEnv>();

/**
 * A sub-app whose routes are declared with createRoute: `app.route()` of an OpenAPIHono merges their
 * definitions into the app's, which /openapi.json is generated from. Declared input that fails its
 * schema is refused in our error envelope (contract/validation-hook.ts).
 */
export const createOpenApiApp = () => new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput });
