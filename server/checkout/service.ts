/**
 * The checkout service: the public CheckoutConfig of a payment link or a session.
 * No Hono here; routes.ts and the payments engine both use it.
 *
 * What the provider says about a link is cached briefly (LINK_TTL_MS by the injected clock) so a burst
 * of payers opening one link costs one provider call; `paymentSucceeded` drops it when a success moved
 * what it says (the payments engine calls it). A link the provider does not know is remembered as
 * unknown for UNKNOWN_LINK_TTL_MS in the same cache, so a made-up id asked for again, by anyone, costs
 * no provider call under the merchant's credentials; and a different made-up id each time is counted
 * against its client's budget of unknown ids (miss-budget.ts), passed as `client`. Our own in-flight payments change with every charge, so
 * that part of `remaining` is read from the payments table on every call.
 */
import type { CheckoutConfig, Network } from '../../widget/shared/contract.ts';
import type { AppDeps } from '../env.ts';
import { ApiError, fromProviderError, notFound } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { ProviderError, ProviderRequestError } from '../provider/errors.ts';
import { createTtlCache } from './cache.ts';
import { createMissBudget } from './miss-budget.ts';
import { currencyExponent, UnknownCurrencyError } from './currency.ts';
import { linkConfig, linkStatus, type LinkSnapshot } from './link-config.ts';
import { CompressedAnswer } from '../http/compression.ts';
import { imageInliner, methodsFor, providerCatalogue, type MethodSources } from './methods.ts';
import { holdsMoney } from '../payments/holds.ts';
import { findSession, marketProviders, sessionConfig } from './sessions.ts';
import { readTranslations } from './translations.ts';

const LINK_TTL_MS = 10_000;
/** Networks of a provider change rarely; a minute keeps the warm path free of provider calls. */
const NETWORKS_TTL_MS = 60_000;

/** Link answers are encoded once, each into an array of its own (Buffer.from may slice a shared pool). */
const UTF8 = new TextEncoder();

export type CheckoutKind = CheckoutConfig['kind'];
export type CheckoutDeps = Pick<AppDeps, 'config' | 'store' | 'provider' | 'clock' | 'logger'> &
  Partial<Pick<AppDeps, 'sandbox' | 'translationsDir'>>;

export function createCheckoutService(deps: CheckoutDeps) {
  const { config, store, provider, clock } = deps;
  const catalogue = providerCatalogue(config, deps.sandbox?.context.config);
  const links = createTtlCache<LinkSnapshot>(clock, LINK_TTL_MS, {
    failureTtlMs: (error) => (isUnknownLink(error) ? config.unknownLinkTtlMs : 0),
  });
  // RATE_LIMITS=off (benchmarks) lifts it with the other limits.
  const misses = config.rateLimits.off ? undefined : createMissBudget(clock, config.unknownLinkBudget);
  const translations = readTranslations(deps.translationsDir);
  /** Links whose last snapshot has an amount limit: their `remaining` moves with the provider's totals. */
  const limitedLinks = new Set<string>();
  const sources: MethodSources = {
    provider,
    catalogue,
    logger: deps.logger,
    networks: createTtlCache<Network[] | null>(clock, NETWORKS_TTL_MS),
    inlineImage: imageInliner(deps.sandbox?.context.config),
  };

  /** The exponent of a currency the provider (or a stored session) named; unknown means broken data. */
  function exponentOf(currency: string, logger: Logger): number {
    try {
      return currencyExponent(currency, config.currencyExponents);
    } catch (error) {
      if (!(error instanceof UnknownCurrencyError)) throw error;
      logger.error({ currency }, 'checkout in a currency with no known exponent; set CURRENCY_EXPONENTS');
      throw new ApiError(502, 'provider_error', `The currency ${currency} is not supported by this checkout`);
    }
  }

  async function loadLink(id: string, logger: Logger): Promise<LinkSnapshot> {
    try {
      const link = await provider.getPaymentLink(id);
      if (link.isAmountFixed && !link.amount) {
        throw new ApiError(502, 'provider_error', 'The payment link has a fixed amount but no amount');
      }
      if ((link.amountLimit ?? 0) > 0) limitedLinks.add(id);
      else limitedLinks.delete(id);
      const slugs = link.analytics.clientProviders.map((entry) => entry.provider);
      const methods = await methodsFor(slugs, { ...sources, logger });
      return {
        link,
        methods,
        currencyExponent: exponentOf(link.currency, logger),
        messages: translations(link.locale),
      };
    } catch (error) {
      if (error instanceof ProviderRequestError) throw notFound('Payment link');
      if (error instanceof ProviderError) {
        if (error.status === 404) throw notFound('Payment link');
        throw fromProviderError(error);
      }
      throw error;
    }
  }

  /** Amounts of our payments on this link that may still collect money (payments/holds.ts). */
  async function inFlightAmount(linkId: string): Promise<number> {
    const row = await store.db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('link_id', '=', linkId)
      .where((eb) => holdsMoney(eb, clock.now(), config.paymentReservationMs))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /**
   * A link's config and the route's answer as UTF-8 JSON. The config depends only on the snapshot, our
   * in-flight amount and its status (which moves with the clock), so the answer is serialized once per
   * combination of those: a warm link read does not stringify the whole config again (it carries the
   * link language's messages). Without it (the route answering through `c.json`) a warm link read costs
   * close to twice the server CPU: `npm run bench`, its `GET /api/v1/links/:id (warm)` line.
   */
  const linkAnswers = new WeakMap<LinkSnapshot, LinkAnswer & { inFlight: number }>();
  async function linkAnswer(id: string, logger: Logger = deps.logger, client?: string): Promise<LinkAnswer> {
    const { snapshot, inFlight } = await linkState(id, logger, client);
    const now = clock.now();
    const last = linkAnswers.get(snapshot);
    // Only the status is worked out on a warm read; the config is built when the answer changes.
    const status = linkStatus(snapshot, inFlight, now);
    if (last && last.inFlight === inFlight && last.config.status === status) return last;
    const config = linkConfig(snapshot, inFlight, now);
    const body = UTF8.encode(JSON.stringify({ statusCode: 200, data: config }));
    const answer = { inFlight, config, body, compressed: new CompressedAnswer(body) };
    linkAnswers.set(snapshot, answer);
    return answer;
  }

  /** What a link's config is made of: the provider's (cached) link and our in-flight amount on it. */
  async function linkState(
    id: string,
    logger: Logger,
    client: string | undefined,
  ): Promise<{ snapshot: LinkSnapshot; inFlight: number }> {
    // A load shared by concurrent readers logs with the first one's logger, on the first one's budget.
    const load = () => loadLink(id, logger);
    const snapshot = await links.get(id, misses ? () => misses.spend(client, load, isUnknownLink) : load);
    const limited = (snapshot.link.amountLimit ?? 0) > 0;
    return { snapshot, inFlight: limited ? await inFlightAmount(id) : 0 };
  }

  async function linkCheckout(id: string, logger: Logger, options: ConfigOptions): Promise<CheckoutConfig> {
    if (options.fresh) links.forget(id);
    const { snapshot, inFlight } = await linkState(id, logger, options.client);
    return linkConfig(snapshot, inFlight, clock.now());
  }

  async function sessionCheckout(id: string, logger: Logger): Promise<CheckoutConfig> {
    const row = await findSession(store, id);
    if (!row) throw notFound('Checkout session');
    try {
      const methods = await methodsFor(marketProviders(catalogue, row.country, row.currency), {
        ...sources,
        logger,
      });
      return sessionConfig(row, methods, exponentOf(row.currency, logger), clock.now());
    } catch (error) {
      throw error instanceof ProviderError ? fromProviderError(error) : error;
    }
  }

  return {
    /**
     * The config with its status; `assertPayable` (availability.ts) turns a closed one into a 409.
     * A request passes its own logger (`c.get('logger')`), so any line written carries its request id.
     */
    getConfig(
      kind: CheckoutKind,
      id: string,
      logger: Logger = deps.logger,
      options: ConfigOptions = {},
    ): Promise<CheckoutConfig> {
      return kind === 'link' ? linkCheckout(id, logger, options) : sessionCheckout(id, logger);
    },
    /**
     * What a link with an amount limit has collected by the provider's fresh count, against its limit;
     * null for a link without one. After a success, this tells whether it went past the limit.
     */
    async collected(id: string, logger: Logger = deps.logger): Promise<{ limit: number; collected: number } | null> {
      // Whether the link has a limit at all is what any snapshot says; only then is the provider asked,
      // and only once: a copy loaded by this very call (the success just dropped it) is fresh already.
      let loadedNow = false;
      const load = () => {
        loadedNow = true;
        return loadLink(id, logger);
      };
      const cached = await links.get(id, load);
      if (!((cached.link.amountLimit ?? 0) > 0)) return null;
      if (!loadedNow) links.delete(id);
      const { link } = loadedNow ? cached : await links.get(id, load);
      const limit = link.amountLimit ?? 0;
      return limit > 0 ? { limit, collected: link.analytics.totalTransactionAmount } : null;
    },
    /** The link's config and `{statusCode: 200, data: config}` as JSON, for the public route. */
    linkAnswer,
    /**
     * A payment on this checkout succeeded. The provider's totals changed, and of a link's config only
     * `remaining` depends on them: a link with an amount limit is read again at once; any other link's
     * snapshot is still true (reading it again after every success cost a provider call per payment).
     * A session's config is read from our own table on every call.
     */
    paymentSucceeded(kind: CheckoutKind, id: string): void {
      if (kind === 'link' && limitedLinks.has(id)) links.delete(id);
    },
    /** The providers that can collect in a market (sessions are checked against it when created). */
    catalogue,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** The provider's "no such link" (a 404, or an id its API refuses), as loadLink answers it. */
const isUnknownLink = (error: unknown) => error instanceof ApiError && error.status === 404;

export interface ConfigOptions {
  /**
   * Ask the provider again rather than use this instance's cached link: what a link has collected is
   * shared by every instance, and a payment's admission must not decide on one instance's old copy.
   */
  fresh?: boolean;
  /** The client asking (client-ip.ts's key), whose budget of unknown link ids a lookup spends. */
  client?: string;
}

export interface LinkAnswer {
  config: CheckoutConfig;
  /**
   * The 200 answer's body as UTF-8 JSON, encoded once: each answer then sends these bytes as they are.
   * Shared like the config object, so callers must change neither.
   */
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes compressed, each encoding once, for the clients that accept it. */
  compressed: CompressedAnswer;
}
