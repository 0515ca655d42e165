/**
 * The sandbox's catalogue of providers. Slugs name operator and country, and the slug
 * implies currency and country. Logos are small SVGs the sandbox serves itself, so nothing leaves the
 * machine.
 */

interface SandboxNetwork {
  name: string;
  value: string;
}

interface SandboxBank {
  bankName: string;
  bankCode: string;
}

export interface SandboxProvider {
  slug: string;
  label: string;
  country: string;
  currency: string;
  channel: 'mobile-money' | 'bank';
  /** Brand colour of the generated logo. */
  colour: string;
  networks: SandboxNetwork[];
  /** Banks a payout can reach through this provider (bank channel only). */
  banks: SandboxBank[];
}

const mobileMoney = (
  slug: string,
  label: string,
  country: string,
  currency: string,
  colour: string,
  network: string,
): SandboxProvider => ({
  slug,
  label,
  country,
  currency,
  channel: 'mobile-money',
  colour,
  networks: [{ name: network, value: network.toLowerCase().replace(/[^a-z0-9]+/g, '-') }],
  banks: [],
});

export const SANDBOX_PROVIDERS: readonly SandboxProvider[] = [
  mobileMoney('mtn-ci', 'MTN Mobile Money', 'CI', 'XOF', '#ffcb05', 'MTN'),
  mobileMoney('orange-ci', 'Orange Money', 'CI', 'XOF', '#ff7900', 'Orange'),
  mobileMoney('moov-ci', 'Moov Money', 'CI', 'XOF', '#0066b3', 'Moov'),
  mobileMoney('wave-ci', 'Wave', 'CI', 'XOF', '#1dc8f2', 'Wave'),
  mobileMoney('wave-sn', 'Wave', 'SN', 'XOF', '#1dc8f2', 'Wave'),
  mobileMoney('orange-sn', 'Orange Money', 'SN', 'XOF', '#ff7900', 'Orange'),
  mobileMoney('free-sn', 'Free Money', 'SN', 'XOF', '#cd1e25', 'Free'),
  mobileMoney('mpesa-ke', 'M-Pesa', 'KE', 'KES', '#4caf50', 'Safaricom'),
  mobileMoney('airtel-ke', 'Airtel Money', 'KE', 'KES', '#e40000', 'Airtel'),
  {
    ...mobileMoney('opay-ng', 'OPay', 'NG', 'NGN', '#1dcf9f', 'OPay'),
    networks: [
      { name: 'OPay wallet', value: 'opay' },
      { name: 'MTN MoMo PSB', value: 'mtn' },
      { name: 'Airtel SmartCash', value: 'airtel' },
    ],
  },
  {
    slug: 'bank-ng',
    label: 'Bank transfer (Nigeria)',
    country: 'NG',
    currency: 'NGN',
    channel: 'bank',
    colour: '#3b5bdb',
    networks: [],
    banks: [
      { bankName: 'Access Bank', bankCode: '044' },
      { bankName: 'First Bank of Nigeria', bankCode: '011' },
      { bankName: 'Guaranty Trust Bank', bankCode: '058' },
      { bankName: 'United Bank for Africa', bankCode: '033' },
      { bankName: 'Zenith Bank', bankCode: '057' },
    ],
  },
  {
    slug: 'bank-ke',
    label: 'Bank transfer (Kenya)',
    country: 'KE',
    currency: 'KES',
    channel: 'bank',
    colour: '#3b5bdb',
    networks: [],
    banks: [
      { bankName: 'Equity Bank', bankCode: '68' },
      { bankName: 'KCB Bank', bankCode: '01' },
      { bankName: 'Co-operative Bank', bankCode: '11' },
    ],
  },
];

const bySlug = new Map(SANDBOX_PROVIDERS.map((provider) => [provider.slug, provider]));

export function findProvider(slug: string): SandboxProvider | undefined {
  return bySlug.get(slug);
}

/** Absolute URL of a provider's logo, served by the sandbox's asset route. */
export function providerLogoUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/assets/providers/${encodeURIComponent(slug)}.svg`;
}

/**
 * A provider's logo as a data: URL, for the checkout's config: inline, it costs a payer on 2G no request
 * (each one was a round trip of its own before the form was complete). Escaped as little as a URL
 * allows (quotes made single, then `<`, `>`, `#` and `%` percent-encoded): a third shorter than
 * `encodeURIComponent` and far shorter than base64, and the same words from one logo to the next, which
 * compress.
 */
export function providerLogoDataUrl(provider: SandboxProvider): string {
  const svg = providerLogoSvg(provider)
    .replace(/"/g, "'")
    .replace(/[<>#%]/g, (char) => encodeURIComponent(char));
  return `data:image/svg+xml,${svg}`;
}

/**
 * The sandbox's own logo URLs, as its API hands them out (a method's networks), made data: URLs; any
 * other URL is left as it is.
 */
export function inlineSandboxLogos(publicUrl: string): (url: string) => string {
  const inline = new Map(
    SANDBOX_PROVIDERS.map((provider) => [
      providerLogoUrl(publicUrl, provider.slug),
      providerLogoDataUrl(provider),
    ]),
  );
  return (url) => inline.get(url) ?? url;
}

/** A round badge with the provider's initials; the text is escaped though it is our own data. */
export function providerLogoSvg(provider: SandboxProvider): string {
  const initials = provider.label
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${initials}"><circle cx="32" cy="32" r="32" fill="${provider.colour}"/><text x="32" y="40" font-family="Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}

/** Every distinct country/currency pair the catalogue serves (one wallet pair each). */
export function catalogueMarkets(): { country: string; currency: string }[] {
  const seen = new Map<string, { country: string; currency: string }>();
  for (const { country, currency } of SANDBOX_PROVIDERS)
    seen.set(`${country}-${currency}`, { country, currency });
  return [...seen.values()];
}
