/**
 * The backend's configuration (DESIGN section 7), read from the environment once at start and validated:
 * a bad value stops the server with a message naming the variable.
 */
import { z } from 'zod';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './sandbox/config.ts';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const milliseconds = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .optional()
    .transform((value) => value ?? fallback);

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
    PAY_MODE: z.enum(['embedded', 'remote']).default('embedded'),
    PAY_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    PAY_CLIENT_ID: optionalText,
    PAY_CLIENT_SECRET: optionalText,
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SANDBOX_OUTCOME_DELAY_MS: milliseconds(1000),
    SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PAY_MODE === 'remote') {
      for (const name of ['PAY_BASE_URL', 'PAY_CLIENT_ID', 'PAY_CLIENT_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAY_MODE=remote' });
      }
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
  const embedded = value.PAY_MODE === 'embedded';
  return {
    port: value.PORT,
    host: value.HOST,
    /** Set from the bound address when absent (see main.ts). */
    publicUrl: value.PUBLIC_URL?.replace(/\/+$/, ''),
    mode: value.PAY_MODE,
    providerBaseUrl: value.PAY_BASE_URL,
    // Demo credentials exist only in embedded mode, where they open nothing but the local sandbox.
    clientId: value.PAY_CLIENT_ID ?? (embedded ? DEMO_CLIENT_ID : ''),
    clientSecret: value.PAY_CLIENT_SECRET ?? (embedded ? DEMO_CLIENT_SECRET : ''),
    databaseUrl: value.DATABASE_URL,
    dataDir: value.DATA_DIR,
    logLevel: value.LOG_LEVEL,
    sandbox: {
      outcomeDelayMs: value.SANDBOX_OUTCOME_DELAY_MS,
      webhookUrl: value.SANDBOX_WEBHOOK_URL,
    },
  };
}
