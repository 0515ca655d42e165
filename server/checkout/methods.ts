/**
 * Payment methods of a checkout: one per provider slug, labelled from the provider catalogue
 * (`PAY_PROVIDERS`, else the sandbox's own in embedded mode) and given the networks the provider's charge
 * properties list. Only what a payer needs: no provider internals.
 */
import type { Method, MethodFee, MethodInput, Network } from '../../widget/shared/contract.ts';
import { PHONE_PATTERN } from '../../widget/shared/contract.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { ProviderClient } from '../provider/client.ts';
import { ProviderError, ProviderRequestError } from '../provider/errors.ts';
import type { SandboxConfig } from '../sandbox/config.ts';
import { inlineSandboxLogos, providerLogoDataUrl, SANDBOX_PROVIDERS } from '../sandbox/providers.ts';
import type { TtlCache } from './cache.ts';

export interface CatalogueEntry {
  slug: string;
  label: string;
  country: string;
  currency: string;
  channel?: string;
  logo?: string;
  fee?: MethodFee;
}

/**
 * PAY_PROVIDERS when configured; otherwise, in embedded mode, the sandbox's mobile-money providers with
 * their logos inline (data: URLs) and the fee it charges payers. Remote mode without PAY_PROVIDERS has none: links
 * still work (labelled by slug, with no fee shown). The provider's API has no fee schedule to ask.
 */
export function providerCatalogue(
  config: Config,
  sandbox: Pick<SandboxConfig, 'publicUrl' | 'collectionFeeBps'> | undefined,
): CatalogueEntry[] {
  if (config.providers) return config.providers;
  if (sandbox === undefined) return [];
  const fee = sandbox.collectionFeeBps ? { basisPoints: sandbox.collectionFeeBps, fixed: 0 } : undefined;
  return SANDBOX_PROVIDERS.filter((provider) => provider.channel === 'mobile-money').map((provider) => ({
    slug: provider.slug,
    label: provider.label,
    country: provider.country,
    currency: provider.currency,
    channel: provider.channel,
    logo: providerLogoDataUrl(provider),
    ...(fee ? { fee } : {}),
  }));
}

/**
 * What the payer types for a direct charge: the phone number. The network is chosen from `networks`,
 * which carries names and logos, so it is not repeated here as a bare select of codes.
 */
function inputsFor(): MethodInput[] {
  return [
    { name: 'phoneNumber', label: 'Phone number', type: 'tel', required: true, pattern: PHONE_PATTERN },
  ];
}

export interface MethodSources {
  provider: ProviderClient;
  catalogue: readonly CatalogueEntry[];
  /** Charge properties by slug; `null` remembers "this provider takes no direct charge". */
  networks: TtlCache<Network[] | null>;
  logger: Logger;
  /** A network's image as the config carries it: inline (a data: URL) where this server knows it. */
  inlineImage?: (url: string) => string;
}

/** In embedded mode, the sandbox's logos, which its API names by URL, go inline: no request each. */
export function imageInliner(
  sandbox: Pick<SandboxConfig, 'publicUrl'> | undefined,
): ((url: string) => string) | undefined {
  return sandbox === undefined ? undefined : inlineSandboxLogos(sandbox.publicUrl);
}

/** The methods for these slugs, in their order; a provider that takes no direct charge is left out. */
export async function methodsFor(slugs: readonly string[], sources: MethodSources): Promise<Method[]> {
  const unique = [...new Set(slugs)];
  const methods = await Promise.all(unique.map((slug) => methodFor(slug, sources)));
  return methods.filter((method): method is Method => method !== null);
}

async function methodFor(slug: string, sources: MethodSources): Promise<Method | null> {
  const networks = await sources.networks.get(slug, async () => {
    try {
      const properties = await sources.provider.getChargeProperties(slug);
      const inline = sources.inlineImage ?? ((url: string) => url);
      return properties.networks.map(({ name, value, image }) =>
        image ? { name, value, image: inline(image) } : { name, value },
      );
    } catch (error) {
      // Unknown to direct charge (a bank provider, a malformed slug): not a way to pay here. A provider
      // failure propagates instead, so a payer is not shown a checkout missing a method by accident.
      if ((error instanceof ProviderError && error.status === 404) || error instanceof ProviderRequestError) {
        sources.logger.warn({ provider: slug }, 'provider has no direct-charge properties; method left out');
        return null;
      }
      throw error;
    }
  });
  if (networks === null) return null;
  const entry = sources.catalogue.find((candidate) => candidate.slug === slug);
  const logo = entry?.logo ?? networks[0]?.image;
  return {
    provider: slug,
    label: entry?.label ?? slug,
    ...(logo ? { logo } : {}),
    ...(entry?.channel ? { channel: entry.channel } : {}),
    ...(networks.length > 0 ? { networks } : {}),
    inputs: inputsFor(),
    ...(entry?.fee && (entry.fee.basisPoints || entry.fee.fixed) ? { fee: entry.fee } : {}),
  };
}
