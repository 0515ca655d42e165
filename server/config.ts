/**
 * The backend's configuration, read from the environment once at start and validated:
 * a bad value stops the server with a message naming the variable.
 */
import { z } from 'zod';
import type { MethodFee } from '../widget/shared/contract.ts';
import { isLoopbackHost } from './http/loopback.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './sandbox/config.ts';
import { DEFAULT_RESERVATION_MS } from './payments/holds.ts';

/** The merchant API key of embedded mode (demo only; remote mode requires MERCHANT_API_KEY). */
export const DEMO_MERCHANT_API_KEY = 'mk_sandbox_demo_key';

interface ProviderCatalogueEntry {
  slug: string;
  label: string;
  country: string;
  currency: string;
  /** What the provider charges the payer on top of the amount (its API has no fee schedule to read). */
  fee?: MethodFee;
}

/** A limit: at most `max` requests per `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Rate limits by scope, each a sliding window (server/rate-limits/sliding-window.ts) per key:
 * - `create`: payment creations per client IP;
 * - `reference`: actions on one payment by a holder of its token (reads, stream, confirm, cancel);
 * - `receipt`: reads of one receipt page per client IP (its own budget: whoever holds a receipt's
 *   address spends nothing of the payer's status reads);
 * - `token`: requests with a missing or wrong payment token per client IP (knowing a reference spends
 *   nothing of its payer's budget);
 * - `ip`: every /api/v1 request per client IP (generous: payers share carrier NAT);
 * - `phone`: direct charges (each an SMS or an approval prompt) per destination phone number;
 * - `upload`: uploaded files per client IP, refused ones included;
 * - `webhook`: provider webhooks per source IP (generous: a provider sends bursts);
 * - `merchant`: `/metrics` and the console's session routes per client IP;
 * - `login`: console login attempts per client IP. It guards the merchant key, so `off` keeps it.
 */
export const RATE_LIMIT_SCOPES = [
  'create',
  'reference',
  'receipt',
  'token',
  'ip',
  'phone',
  'upload',
  'webhook',
  'merchant',
  'login',
] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];
export interface RateLimits {
  /** `RATE_LIMITS=off` (benchmarks): every limit but `login` lifted. */
  off: boolean;
  limits: Record<RateLimitScope, RateLimit>;
}

const DEFAULT_RATE_LIMITS: Record<RateLimitScope, RateLimit> = {
  create: { max: 30, windowSeconds: 60 },
  reference: { max: 60, windowSeconds: 60 },
  receipt: { max: 30, windowSeconds: 60 },
  token: { max: 30, windowSeconds: 60 },
  ip: { max: 600, windowSeconds: 60 },
  phone: { max: 5, windowSeconds: 900 },
  upload: { max: 20, windowSeconds: 3600 },
  webhook: { max: 1200, windowSeconds: 60 },
  merchant: { max: 120, windowSeconds: 60 },
  login: { max: 10, windowSeconds: 60 },
};

type RefineContext = z.RefinementCtx;

/** `RATE_LIMITS=create=30/60,phone=5/900` (any subset of the scopes, max/seconds), or `off`. */
function parseRateLimits(text: string | undefined, ctx: RefineContext): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  if (text === undefined || text.trim() === '') return { off: false, limits };
  if (text.trim() === 'off') return { off: true, limits };
  for (const part of text.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    const scope = match?.[1] as RateLimitScope | undefined;
    if (!match || !scope || !RATE_LIMIT_SCOPES.includes(scope) || Number(match[3]) === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `has a bad entry "${part.trim()}" (expected scope=max/seconds, e.g. create=30/60, with a scope among ${RATE_LIMIT_SCOPES.join(', ')}; or off)`,
      });
      return z.NEVER;
    }
    limits[scope] = { max: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return { off: false, limits };
}

/**
 * `TRUST_PROXY`: how many reverse proxies stand in front of this server, each appending the address it
 * received the request from to `X-Forwarded-For` (Express's convention). Unset or 0: the header is ignored.
 * A yes/no value is refused: "trust the header" would mean trusting its leftmost entry, which the client
 * writes.
 */
function parseTrustProxy(text: string | undefined, ctx: RefineContext): number {
  const value = text?.trim() ?? '';
  if (value === '') return 0;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  ctx.addIssue({
    code: 'custom',
    message: `is "${value}", but TRUST_PROXY is a number of proxies in front of this server, e.g. TRUST_PROXY=1 behind one nginx/ALB (0 or unset: X-Forwarded-For is ignored)`,
  });
  return z.NEVER;
}

/** `CURRENCY_EXPONENTS=XOF=0,NGN=2`: overrides of ISO 4217 minor units. */
function parseExponents(text: string | undefined, ctx: RefineContext): Record<string, number> {
  const exponents: Record<string, number> = {};
  if (text === undefined || text.trim() === '') return exponents;
  for (const part of text.split(',')) {
    const match = /^\s*([A-Z]{3})\s*=\s*([0-4])\s*$/.exec(part);
    if (!match?.[1] || !match[2]) {
      ctx.addIssue({ code: 'custom', message: `has a bad entry "${part.trim()}" (expected e.g. XOF=0)` });
      return z.NEVER;
    }
    exponents[match[1]] = Number(match[2]);
  }
  return exponents;
}

/**
 * `MERCHANT_TIME_ZONE=Africa/Lagos`: an IANA zone name, in the canonical spelling Intl resolves it to.
 * Intl is the judge because it is what formats the times later: a name it refuses here would fail
 * every export instead.
 */
function parseTimeZone(text: string | undefined, ctx: RefineContext): string {
  const name = text?.trim() || 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `is "${name}", not an IANA time zone name: e.g. MERCHANT_TIME_ZONE=Africa/Lagos, Africa/Abidjan, Africa/Nairobi or UTC`,
    });
    return z.NEVER;
  }
}

/** `ALLOWED_ORIGINS=https://shop.example,https://www.shop.example` (origins, no paths), or `*`. */
function parseOrigins(text: string, ctx: RefineContext): string[] {
  const origins = text.split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    if (origin === '*') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      ctx.addIssue({ code: 'custom', message: `has "${origin}", which is not an origin like https://shop.example` });
      return z.NEVER;
    }
  }
  return origins;
}

/** `SANDBOX_WEBHOOK_ALLOWLIST=https://hooks.example`: origins only; `*` would reopen the forgery it closes. */
function parseWebhookAllowlist(text: string, ctx: RefineContext): string[] {
  const origins = parseOrigins(text, ctx);
  if (origins.includes('*')) {
    ctx.addIssue({ code: 'custom', message: 'cannot be "*": list the origins webhooks may go to' });
    return z.NEVER;
  }
  return origins;
}

const ProviderCatalogueSchema = z
  .array(
    z.strictObject({
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      label: z.string().min(1),
      country: z.string().regex(/^[A-Z]{2}$/),
      currency: z.string().regex(/^[A-Z]{3}$/),
      fee: z
        .strictObject({
          basisPoints: z.int().min(0).max(10_000),
          fixed: z.int().min(0),
        })
        .optional(),
    }),
  )
  .min(1);

/**
 * `PAY_PROVIDERS` as JSON: `[{"slug":"mtn-ci","label":"MTN MoMo","country":"CI","currency":"XOF"}]`,
 * each with an optional payer fee `"fee":{"basisPoints":100,"fixed":0}`.
 */
function parseProviders(text: string, ctx: RefineContext): ProviderCatalogueEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not valid JSON (expected a list of {slug, label, country, currency, fee?})' });
    return z.NEVER;
  }
  const parsed = ProviderCatalogueSchema.safeParse(json);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: `is not a list of {slug, label, country, currency, fee?}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` });
    return z.NEVER;
  }
  return parsed.data;
}

/** A comma-separated list; blank entries dropped. */
function commaList(text: string | undefined): string[] {
  return (text ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
}

/** An address or a CIDR range, IPv4 or IPv6 (what hono's ipRestriction takes). */
const SourceIpSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** `WEBHOOK_SOURCE_IPS=49.12.224.228, 10.0.0.0/8, 2a01:4f8::/32`: every entry must be one. */
function parseSourceIps(text: string | undefined, ctx: RefineContext): string[] | undefined {
  const entries = text?.split(',').map((ip) => ip.trim()).filter(Boolean);
  const bad = entries?.find((entry) => !SourceIpSchema.safeParse(entry).success);
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `has "${bad}", which is not an IP address or a CIDR range` });
    return z.NEVER;
  }
  return entries;
}

const flag = z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A whole number of at least 1 (a count of connections or streams). */
const count = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(1, 'must be at least 1'))
    .optional()
    .transform((value) => value ?? fallback);

const milliseconds = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .optional()
    .transform((value) => value ?? fallback);

/**
 * A `whsec_` secret is the Standard Webhooks form: the key is the base64 after the prefix. Anything
 * else is used as its UTF-8 bytes (see notifications/sign.ts).
 */
function isUsableWebhookSecret(secret: string): boolean {
  if (!secret.startsWith('whsec_')) return true;
  const encoded = secret.slice('whsec_'.length);
  return /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) && Buffer.from(encoded, 'base64').length >= 16;
}

/**
 * Provider attempts one creating request may wait on: a charge (or disbursement) and the verify that
 * resolves it when unanswered, each tried up to three times (server/provider/http.ts).
 */
const providerCallsPerCreate = 6;
/** The lease's least default; the margin covers backoff, the per-link lock and the database. */
const MIN_IDEMPOTENCY_LEASE_MS = 120_000;
const IDEMPOTENCY_LEASE_MARGIN_MS = 30_000;

const EnvSchema = z
  .object({
    PORT: z
      .string()
      .regex(/^\d+$/, 'must be a port number')
      .transform(Number)
      .pipe(z.int().min(0).max(65_535))
      .default(8787),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    // No default here: whether embedded mode was asked for explicitly matters off loopback (below).
    PAY_MODE: z.enum(['embedded', 'remote']).optional(),
    SANDBOX_PUBLIC: flag,
    PAY_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    PAY_CLIENT_ID: optionalText,
    PAY_CLIENT_SECRET: optionalText,
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PAY_CLIENT_SECRET_PREVIOUS: optionalText,
    PAY_PROVIDERS: z
      .string()
      .optional()
      .transform((text, ctx) => (text === undefined || text.trim() === '' ? undefined : parseProviders(text, ctx))),
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((text, ctx) => (text === undefined ? undefined : parseOrigins(text, ctx))),
    MERCHANT_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    // Keys still accepted during a rotation: the one being replaced (or several, comma-separated).
    MERCHANT_API_KEY_PREVIOUS: z
      .string()
      .optional()
      .transform(commaList)
      .pipe(z.array(z.string().min(16, 'must list keys of at least 16 characters each'))),
    MERCHANT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    MERCHANT_WEBHOOK_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters')
      .refine(isUsableWebhookSecret, 'starts with whsec_ but the rest is not base64 of at least 16 bytes')
      .optional(),
    MERCHANT_WEBHOOK_TIMEOUT_MS: milliseconds(10_000).pipe(z.int().min(1, 'must be at least 1')),
    MERCHANT_WEBHOOK_RETRY_BASE_MS: milliseconds(5_000),
    MERCHANT_WEBHOOK_RETRY_CAP_MS: milliseconds(3_600_000),
    MERCHANT_WEBHOOK_MAX_ATTEMPTS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.int().min(1).max(100))
      .default(30),
    WEBHOOK_SOURCE_IPS: z
      .string()
      .optional()
      .transform((text, ctx) => parseSourceIps(text, ctx)),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((text, ctx) => parseTrustProxy(text, ctx)),
    // An IPv6 subscriber gets a /64 (or a /56, /48) and may use any address in it: limits key the prefix.
    IPV6_PREFIX_LENGTH: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of bits, e.g. 64')
      .default('64')
      .transform(Number)
      .pipe(z.int().min(16, 'must be at least 16').max(128, 'must be at most 128')),
    RATE_LIMIT_SYNC_MS: milliseconds(250),
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((text, ctx) => parseRateLimits(text, ctx)),
    CURRENCY_EXPONENTS: z
      .string()
      .optional()
      .transform((text, ctx) => parseExponents(text, ctx)),
    MERCHANT_TIME_ZONE: z
      .string()
      .optional()
      .transform((text, ctx) => parseTimeZone(text, ctx)),
    RETENTION_DAYS: z.string().regex(/^\d+$/, 'must be a whole number of days').transform(Number).optional(),
    PROVIDER_TIMEOUT_MS: milliseconds(15_000),
    UNKNOWN_LINK_TTL_MS: milliseconds(60_000),
    UNKNOWN_LINK_BUDGET: z
      .string()
      .regex(/^\s*\d+\s*\/\s*[1-9]\d*\s*$/, 'must be max/seconds, e.g. 20/600')
      .default('20/600')
      .transform((text): RateLimit => {
        const [max, seconds] = text.split('/').map(Number);
        return { max: max!, windowSeconds: seconds! };
      }),
    PAYMENT_RESERVATION_MS: milliseconds(DEFAULT_RESERVATION_MS).pipe(z.int().min(1, 'must be at least 1')),
    HANDOFF_TTL_MS: milliseconds(15 * 60_000).pipe(z.int().min(1_000, 'must be at least 1000 (one second)')),
    PAY_PAGE_REFRESH_SECONDS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .default('5')
      .transform(Number)
      .pipe(z.int().min(1, 'must be at least 1').max(300, 'must be at most 300')),
    // No default here: it follows PROVIDER_TIMEOUT_MS (idempotencyLeaseMs below).
    IDEMPOTENCY_LEASE_MS: z.string().regex(/^\d+$/, 'must be a whole number of milliseconds').transform(Number).optional(),
    RECONCILE_INTERVAL_MS: milliseconds(60_000),
    RECONCILE_MIN_AGE_MS: milliseconds(60_000),
    RETENTION_INTERVAL_MS: milliseconds(3_600_000),
    SANDBOX_OUTCOME_DELAY_MS: milliseconds(1000),
    SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    SANDBOX_WEBHOOK_ALLOWLIST: z
      .string()
      .optional()
      .transform((text, ctx) => (text === undefined ? [] : parseWebhookAllowlist(text, ctx))),
    EVENT_STREAMS_PER_PAYMENT: count(5),
    EVENT_STREAMS_PER_IP: count(20),
    MAX_CONNECTIONS: count(4096),
    // At least one upload's body (5 MB and its envelope) must fit, or no file could ever be posted.
    MAX_BODY_MEMORY_MB: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of megabytes')
      .default('32')
      .transform(Number)
      .pipe(z.int().min(6, 'must be at least 6 (one upload and its envelope)')),
    REQUEST_TIMEOUT_MS: milliseconds(120_000).pipe(z.int().min(1, 'must be at least 1')),
    HEADERS_TIMEOUT_MS: milliseconds(10_000).pipe(z.int().min(1, 'must be at least 1')),
    KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
    SHUTDOWN_DEADLINE_MS: milliseconds(10_000).pipe(z.int().min(1, 'must be at least 1')),
    SQLITE_SYNCHRONOUS: z.enum(['full', 'normal']).default('full'),
    SQLITE_GROUP_COMMIT: z.enum(['on', 'off']).default('on'),
  })
  .superRefine((env, ctx) => {
    if (env.PAY_MODE === 'remote') {
      for (const name of ['PAY_BASE_URL', 'PAY_CLIENT_ID', 'PAY_CLIENT_SECRET', 'MERCHANT_API_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAY_MODE=remote' });
      }
    }
    // The sandbox forces payments to success and the demo prints its credentials: off loopback they
    // are served only when asked for in so many words.
    if ((env.PAY_MODE ?? 'embedded') === 'embedded' && !isLoopbackHost(env.HOST)) {
      const explicit = env.PAY_MODE === 'embedded' && env.SANDBOX_PUBLIC;
      if (!explicit) {
        ctx.addIssue({
          code: 'custom',
          path: ['HOST'],
          message:
            `is ${env.HOST}, not a loopback address, and embedded mode would serve the sandbox (which can force ` +
            'any payment to success) and the demo to the network. For production set PAY_MODE=remote with ' +
            'PAY_BASE_URL, PAY_CLIENT_ID, PAY_CLIENT_SECRET and MERCHANT_API_KEY; to show the demo on purpose ' +
            'set PAY_MODE=embedded and SANDBOX_PUBLIC=1; or listen on HOST=127.0.0.1',
        });
      }
    }
    // A request that is merely slow must not lose its key to a retry (see idempotencyLeaseMs).
    const slowest = providerCallsPerCreate * env.PROVIDER_TIMEOUT_MS;
    if (env.IDEMPOTENCY_LEASE_MS !== undefined && env.IDEMPOTENCY_LEASE_MS <= slowest) {
      ctx.addIssue({
        code: 'custom',
        path: ['IDEMPOTENCY_LEASE_MS'],
        message:
          `must be more than ${slowest} ms: a creating request may wait on ${providerCallsPerCreate} provider ` +
          `attempts of up to PROVIDER_TIMEOUT_MS (${env.PROVIDER_TIMEOUT_MS} ms) each, and a retry must not ` +
          'take over a request that is still waiting',
      });
    }
    // Node refuses a headers timeout above the request timeout: say so here, naming both.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: `is ${env.HEADERS_TIMEOUT_MS}, above REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS}): the headers are part of the request`,
      });
    }
    // Unsigned notifications would be worthless to the merchant: a URL needs its secret.
    if (env.MERCHANT_WEBHOOK_URL && !env.MERCHANT_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['MERCHANT_WEBHOOK_SECRET'], message: 'is required when MERCHANT_WEBHOOK_URL is set' });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  const mode = value.PAY_MODE ?? 'embedded';
  const embedded = mode === 'embedded';
  const merchantApiKey = value.MERCHANT_API_KEY ?? (embedded ? DEMO_MERCHANT_API_KEY : '');
  return {
    port: value.PORT,
    host: value.HOST,
    /** Set from the bound address when absent (see main.ts). */
    publicUrl: value.PUBLIC_URL?.replace(/\/+$/, ''),
    mode,
    providerBaseUrl: value.PAY_BASE_URL,
    // Demo credentials exist only in embedded mode, where they open nothing but the local sandbox.
    clientId: value.PAY_CLIENT_ID ?? (embedded ? DEMO_CLIENT_ID : ''),
    clientSecret: value.PAY_CLIENT_SECRET ?? (embedded ? DEMO_CLIENT_SECRET : ''),
    databaseUrl: value.DATABASE_URL,
    dataDir: value.DATA_DIR,
    /** SQLite's `synchronous` in WAL mode: `full` syncs every commit to disk, `normal` only at checkpoints. */
    sqliteSynchronous: value.SQLITE_SYNCHRONOUS,
    /** SQLite: the writes of one event-loop turn share a commit (on), or each commits alone (off). */
    sqliteGroupCommit: value.SQLITE_GROUP_COMMIT === 'on',
    clientSecretPrevious: value.PAY_CLIENT_SECRET_PREVIOUS,
    /** Provider catalogue for sessions (and a fallback); embedded default: the sandbox's. */
    providers: value.PAY_PROVIDERS,
    /** Origins allowed to call the public API; undefined means "this server's own origin only". */
    allowedOrigins: value.ALLOWED_ORIGINS,
    merchantApiKey,
    /** Every key the merchant routes and the console accept: the current one, then MERCHANT_API_KEY_PREVIOUS. */
    merchantApiKeys: [merchantApiKey, ...value.MERCHANT_API_KEY_PREVIOUS].filter(Boolean),
    merchantWebhookUrl: value.MERCHANT_WEBHOOK_URL,
    merchantWebhookSecret: value.MERCHANT_WEBHOOK_SECRET,
    /** Merchant notifications: per-attempt timeout, full-jitter backoff (base, cap), attempts before giving up. */
    merchantWebhookTimeoutMs: value.MERCHANT_WEBHOOK_TIMEOUT_MS,
    merchantWebhookRetryBaseMs: value.MERCHANT_WEBHOOK_RETRY_BASE_MS,
    merchantWebhookRetryCapMs: value.MERCHANT_WEBHOOK_RETRY_CAP_MS,
    merchantWebhookMaxAttempts: value.MERCHANT_WEBHOOK_MAX_ATTEMPTS,
    webhookSourceIps: value.WEBHOOK_SOURCE_IPS,
    /** Reverse proxies in front of this server: the client IP is that many hops from the right (client-ip.ts). */
    trustProxy: value.TRUST_PROXY,
    /** How many leading bits of an IPv6 client's address make one client for limits (client-ip.ts). */
    ipv6PrefixLength: value.IPV6_PREFIX_LENGTH,
    rateLimits: value.RATE_LIMITS,
    /** PostgreSQL: how often an instance adds its per-request counts to the shared ones (0: every hit at once). */
    rateLimitSyncMs: value.RATE_LIMIT_SYNC_MS,
    currencyExponents: value.CURRENCY_EXPONENTS,
    /** The merchant's IANA time zone: exports give each time in UTC and in this zone. */
    merchantTimeZone: value.MERCHANT_TIME_ZONE,
    /** Days personal data of finished payments and payouts is kept; undefined keeps it forever. */
    retentionDays: value.RETENTION_DAYS,
    /** How often main.ts runs the RETENTION_DAYS purge (it also runs at start). */
    retentionIntervalMs: value.RETENTION_INTERVAL_MS,
    providerTimeoutMs: value.PROVIDER_TIMEOUT_MS,
    /** How long a link id the provider does not know is answered 404 without asking it again. */
    unknownLinkTtlMs: value.UNKNOWN_LINK_TTL_MS,
    /** Each client's unknown link ids (provider lookups that found nothing) per window (checkout/miss-budget.ts). */
    unknownLinkBudget: value.UNKNOWN_LINK_BUDGET,
    /**
     * How long a payment we expired or cancelled keeps its amount reserved (against the link's limit, and
     * its session busy) while the provider has not said it is final: the provider's own deadline.
     */
    paymentReservationMs: value.PAYMENT_RESERVATION_MS,
    /** How long a "Pay on your phone" QR code (a handoff) can be opened and followed after it is made. */
    handoffTtlMs: value.HANDOFF_TTL_MS,
    /**
     * Seconds between the reloads of a pay page or receipt that waits on the payer's phone or the
     * provider (the `Refresh` header, which every browser follows with no script). Below 5 a reload
     * only rereads our table: the server asks the provider about a payment at most once per 5 s.
     */
    payPageRefreshSeconds: value.PAY_PAGE_REFRESH_SECONDS,
    /**
     * How long a creating request owns its Idempotency-Key before a retry may take it over (its request
     * is then presumed dead): by default 2 minutes, or longer when the provider's attempts could be.
     */
    idempotencyLeaseMs:
      value.IDEMPOTENCY_LEASE_MS ??
      Math.max(
        MIN_IDEMPOTENCY_LEASE_MS,
        providerCallsPerCreate * value.PROVIDER_TIMEOUT_MS + IDEMPOTENCY_LEASE_MARGIN_MS,
      ),
    reconcileIntervalMs: value.RECONCILE_INTERVAL_MS,
    /** How old a non-final payment must be before reconciliation verifies it (younger: still in its request). */
    reconcileMinAgeMs: value.RECONCILE_MIN_AGE_MS,
    logLevel: value.LOG_LEVEL,
    /** Open payment event streams allowed at once, per payment and per client IP, on this instance. */
    eventStreams: { perPayment: value.EVENT_STREAMS_PER_PAYMENT, perIp: value.EVENT_STREAMS_PER_IP },
    /** The Node server's own limits (server/node-server/server-limits.ts). */
    server: {
      maxConnections: value.MAX_CONNECTIONS,
      requestTimeoutMs: value.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: value.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: value.KEEP_ALIVE_TIMEOUT_MS,
    },
    /** Bytes of request bodies read at once, server-wide; past it a post is answered 503 (http/body.ts). */
    maxBodyBytesInFlight: value.MAX_BODY_MEMORY_MB * 1024 * 1024,
    /** After SIGTERM, how long the graceful shutdown may take before the process exits anyway. */
    shutdownDeadlineMs: value.SHUTDOWN_DEADLINE_MS,
    sandbox: {
      outcomeDelayMs: value.SANDBOX_OUTCOME_DELAY_MS,
      webhookUrl: value.SANDBOX_WEBHOOK_URL,
      /** Origins the sandbox may send webhooks to besides this server's own URL. */
      webhookAllowlist: value.SANDBOX_WEBHOOK_ALLOWLIST,
    },
  };
}
