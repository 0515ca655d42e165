/**
 * Where a caller may ask the sandbox to send webhooks (the `webhook` field of a checkout, a direct charge
 * or a disbursement). A sandbox that would sign and POST to any URL it is given lets anyone who can
 * reach it make requests from inside the merchant's network (SSRF), so a hosted sandbox accepts only its
 * backend's own URL and the origins an operator allowed; anything else is a ValidationError at request
 * time, before anything is stored.
 */
import { isLoopbackHost } from '../http/loopback.ts';
import type { SandboxConfig } from './config.ts';
import type { SandboxContext } from './context.ts';
import { validationError } from './errors.ts';

type WebhookTargets = NonNullable<SandboxConfig['webhookTargets']>;

function isAllowed(targets: WebhookTargets, url: URL): boolean {
  if (targets.origins.includes(url.origin)) return true;
  if (targets.loopback && isLoopbackHost(url.hostname)) return true;
  if (!targets.ownUrl) return false;
  // The base with a trailing slash, so https://pay.example.com does not admit https://pay.example.com.evil.
  const own = new URL(`${targets.ownUrl.replace(/\/+$/, '')}/`);
  return url.origin === own.origin && url.pathname.startsWith(own.pathname);
}

/** Throws the provider's 400 ValidationError when `webhook` names a target the sandbox may not call. */
export function assertWebhookTarget(context: SandboxContext, webhook: string | undefined): void {
  const targets = context.config.webhookTargets;
  if (webhook === undefined || targets === undefined) return;
  if (isAllowed(targets, new URL(webhook))) return;
  const allowed = [
    ...(targets.ownUrl ? [`${targets.ownUrl}/...`] : []),
    ...(targets.loopback ? ['loopback addresses'] : []),
    ...targets.origins,
  ];
  throw validationError(
    `webhook: this sandbox sends webhooks only to ${allowed.join(', ') || 'no address'}; ` +
      'add the origin to SANDBOX_WEBHOOK_ALLOWLIST to allow another',
  );
}
