/**
 * The sandbox's settings. Outcome delays and webhook backoff are plain numbers of milliseconds so tests
 * set them to 0 and drive time with a ManualClock.
 */
import { z } from 'zod';

export const SandboxConfigSchema = z.object({
  /** The one client the sandbox knows (`client-id` / `client-secret` headers; the secret signs webhooks). */
  clientId: z.string().min(1),
  clientSecret: z.string().min(8),
  /** Absolute URL where the sandbox is reachable by browsers, e.g. http://localhost:8787/sandbox. */
  publicUrl: z.url(),
  /** Where webhooks go when a request names no `webhook` of its own. */
  webhookUrl: z.url().optional(),
  /**
   * Which `webhook` URLs a request may name (see webhook-targets.ts); absent, any: a sandbox that only
   * tests reach. The embedded sandbox and `npm run sandbox` always set it.
   */
  webhookTargets: z
    .object({
      /** URLs under this base: the backend the embedded sandbox is part of (PUBLIC_URL). */
      ownUrl: z.url().optional(),
      /** Further origins (SANDBOX_WEBHOOK_ALLOWLIST), e.g. `https://hooks.example`. */
      origins: z.array(z.string()).default([]),
      /** Any loopback address: the standalone sandbox, whose backend runs on the same machine. */
      loopback: z.boolean().default(false),
    })
    .optional(),
  /**
   * The origins the hosted page may send a payer back to (see return-targets.ts), as a merchant registers
   * them with a real provider; absent, any: a sandbox that only tests reach, or `npm run sandbox`, whose
   * backend's pages it cannot know. The embedded sandbox sets its backend's page origins.
   */
  returnOrigins: z.array(z.string()).optional(),
  /** Time from "processing" to the final status of a charge or payout. */
  outcomeDelayMs: z.number().int().min(0).default(1000),
  /** How long a `06` charge keeps its caller waiting (longer than any client timeout). */
  hangMs: z.number().int().min(0).default(60_000),
  /** How long bank-transfer instructions stay valid. */
  bankTransferTtlMs: z.number().int().min(0).default(30 * 60_000),
  webhookTimeoutMs: z.number().int().min(1).default(5000),
  webhookMaxAttempts: z.number().int().min(1).max(50).default(8),
  webhookBackoffBaseMs: z.number().int().min(0).default(2000),
  webhookBackoffCapMs: z.number().int().min(0).default(10 * 60_000),
  /** Customer fee on collections and charge on payouts, in basis points of the amount. */
  collectionFeeBps: z.number().int().min(0).max(10_000).default(100),
  payoutFeeBps: z.number().int().min(0).max(10_000).default(50),
});

export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;
export type SandboxConfigInput = z.input<typeof SandboxConfigSchema>;

/** The demo credentials of embedded mode; never valid against a real provider. */
export const DEMO_CLIENT_ID = 'pk_sandbox_demo';
export const DEMO_CLIENT_SECRET = 'sk_sandbox_demo_secret';

/** Fee in minor units, rounded up, in integer arithmetic only. */
export function feeFor(amount: number, basisPoints: number): number {
  return Math.ceil((amount * basisPoints) / 10_000);
}
