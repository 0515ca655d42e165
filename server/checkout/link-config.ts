/**
 * A provider payment link as our public CheckoutConfig (docs/api.md#contract). Only what a payer
 * needs crosses over: never clientId, parentClientId, analytics or URLs of the provider's own pages.
 * Merchant text (title, description, labels) is passed through as data; the widget renders it as text.
 */
import type {
  AmountRule,
  CheckoutConfig,
  CheckoutStatus,
  CustomField,
  Method,
} from '../../widget/shared/contract.ts';
import type { Messages } from '../../widget/shared/en.ts';
import type { PaymentLinkWithAnalytics } from '../provider/schemas.ts';

const DAY_MS = 86_400_000;

/** What the provider said, kept briefly; the in-flight part of `remaining` is added on every read. */
export interface LinkSnapshot {
  link: PaymentLinkWithAnalytics;
  methods: Method[];
  currencyExponent: number;
  /** The widget's messages in the link's language; absent for English or a language we have none for. */
  messages?: Messages | undefined;
}

/** The instant a link stops: a date-only `expiresAt` lasts to the end of that day, UTC. */
export function expiryInstant(expiresAt: string): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(expiresAt);
  return dateOnly ? Date.parse(`${expiresAt}T00:00:00.000Z`) + DAY_MS : Date.parse(expiresAt);
}

/** Only http(s) URLs reach a page (a `javascript:` redirect or logo would run in the merchant's page). */
function httpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function customFields(link: PaymentLinkWithAnalytics): CustomField[] {
  const seen = new Set<string>();
  const fields: CustomField[] = [];
  for (const field of link.customFields ?? []) {
    if (seen.has(field.name)) continue; // a duplicate name could never be answered separately
    seen.add(field.name);
    const clean: CustomField = {
      name: field.name,
      label: field.label,
      type: field.type,
      required: field.required === true,
    };
    if (field.type === 'dropdown' && field.options) clean.options = [...field.options];
    fields.push(clean);
  }
  return fields;
}

function amountRule(link: PaymentLinkWithAnalytics, inFlight: number): AmountRule {
  // `isAmountFixed` decides, whatever the description says (docs/payments.md#amounts).
  const rule: AmountRule = { fixed: link.isAmountFixed ? (link.amount ?? null) : null };
  if (!link.isAmountFixed) {
    if (link.minimumAmount) rule.min = link.minimumAmount;
    if (link.maximumAmount) rule.max = link.maximumAmount;
  }
  if (link.amountLimit && link.amountLimit > 0) {
    rule.remaining = Math.max(0, link.amountLimit - link.analytics.totalTransactionAmount - inFlight);
  }
  return rule;
}

function statusOf(link: PaymentLinkWithAnalytics, amount: AmountRule, now: number): CheckoutStatus {
  if (link.status !== 'active') return link.status;
  if (!link.isActive) return 'inactive';
  if (link.expiresAt && expiryInstant(link.expiresAt) <= now) return 'expired';
  // Nothing payable is left under the limit: not even the fixed amount or the smallest allowed one.
  const smallest = amount.fixed ?? amount.min ?? 1;
  if (amount.remaining !== undefined && amount.remaining < smallest) return 'completed';
  return 'active';
}

/** What a snapshot alone decides, worked out once per snapshot (URLs parsed, fields cleaned, dates). */
interface SnapshotParts {
  logo: string | undefined;
  redirectUrl: string | undefined;
  customFields: CustomField[];
  expiresAt: string | undefined;
}
const partsBySnapshot = new WeakMap<LinkSnapshot, SnapshotParts>();

function snapshotParts(snapshot: LinkSnapshot): SnapshotParts {
  let parts = partsBySnapshot.get(snapshot);
  if (!parts) {
    const { link } = snapshot;
    parts = {
      logo: httpUrl(link.logo),
      redirectUrl: httpUrl(link.redirectURL),
      customFields: customFields(link),
      // The last millisecond it can be paid in, so a date-only expiry reads as that day everywhere.
      expiresAt: link.expiresAt ? new Date(expiryInstant(link.expiresAt) - 1).toISOString() : undefined,
    };
    partsBySnapshot.set(snapshot, parts);
  }
  return parts;
}

/** The status linkConfig would give, without building the config. */
export function linkStatus(snapshot: LinkSnapshot, inFlight: number, now: number): CheckoutStatus {
  return statusOf(snapshot.link, amountRule(snapshot.link, inFlight), now);
}

export function linkConfig(snapshot: LinkSnapshot, inFlight: number, now: number): CheckoutConfig {
  const { link, methods, currencyExponent, messages } = snapshot;
  const amount = amountRule(link, inFlight);
  const { logo, redirectUrl, expiresAt } = snapshotParts(snapshot);
  // A copy per config: a caller may change its config without changing the next payer's.
  const customFields = snapshotParts(snapshot).customFields.map((field) =>
    field.options ? { ...field, options: [...field.options] } : { ...field },
  );
  return {
    kind: 'link',
    id: link.id,
    title: link.title,
    ...(link.description ? { description: link.description } : {}),
    ...(logo ? { logo } : {}),
    ...(link.locale ? { locale: link.locale } : {}),
    // With the config, so the widget shows its first form in the link's language without a second request.
    ...(messages ? { messages } : {}),
    currency: link.currency,
    currencyExponent,
    country: link.country,
    amount,
    customFields,
    methods,
    hosted: true,
    anonymous: link.isAnonymousPaymentEnabled === true,
    ...(redirectUrl ? { redirectUrl } : {}),
    status: statusOf(link, amount, now),
    ...(expiresAt ? { expiresAt } : {}),
  };
}
