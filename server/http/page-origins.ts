/**
 * The origins whose pages may use this backend: `ALLOWED_ORIGINS` (a `*` among them allows any), or,
 * unset, this server's own. CORS answers them, a payment's return URL must be on one, and only they may
 * frame the isolation page.
 */
export const pageOrigins = (
  allowedOrigins: readonly string[] | undefined,
  publicUrl: string,
): readonly string[] => allowedOrigins ?? [new URL(publicUrl).origin];
