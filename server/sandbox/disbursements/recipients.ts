/**
 * Transfer recipients: a provider's properties (banks, networks), the checks an account must pass for
 * that provider, and the holder name the sandbox "finds" for it. The name is derived from the number, so
 * validating the same account twice gives the same label, as a real name lookup would.
 */
import type { BankAccount, MobileMoneyAccount, ValidateRecipientRequest } from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { sandboxNotFound, validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { findProvider, providerLogoUrl, type SandboxProvider } from '../providers.ts';

export type RecipientAccount = MobileMoneyAccount | BankAccount;

/** The provider of a slug, or 404 NotFound. */
export function requireProvider(slug: string): SandboxProvider {
  const provider = findProvider(slug);
  if (!provider) throw sandboxNotFound(`Provider '${slug}'`);
  return provider;
}

/** Mobile-money providers list their networks (with the provider's logo); bank providers their banks. */
export function recipientProperties(provider: SandboxProvider, publicUrl: string) {
  if (provider.channel === 'bank') return { banks: provider.banks };
  const image = providerLogoUrl(publicUrl, provider.slug);
  return { banks: [], networks: provider.networks.map(({ name, value }) => ({ name, image, value })) };
}

const isMobileMoney = (account: RecipientAccount): account is MobileMoneyAccount => 'phoneNumber' in account;

/** Throws a 400 ValidationError naming the first reason the account cannot be paid through `provider`. */
function checkAccount(provider: SandboxProvider, account: RecipientAccount): void {
  if (isMobileMoney(account)) {
    if (provider.channel !== 'mobile-money') {
      throw validationError(
        `account: ${provider.slug} is a bank provider and needs {accountNumber, bankCode}, not a phone number`,
      );
    }
    const networks = provider.networks.map((network) => network.value);
    if (account.network !== undefined && !networks.includes(account.network)) {
      throw validationError(
        `account.network: '${account.network}' is not a network of ${provider.slug} (one of: ${networks.join(', ')})`,
      );
    }
    return;
  }
  if (provider.channel !== 'bank') {
    throw validationError(
      `account: ${provider.slug} is a mobile-money provider and needs {phoneNumber, network?}, not a bank account`,
    );
  }
  if (!provider.banks.some((bank) => bank.bankCode === account.bankCode)) {
    throw validationError(`account.bankCode: '${account.bankCode}' is not a bank served by ${provider.slug}`);
  }
  if (provider.country === 'NG' && !/^[0-9]{10}$/.test(account.accountNumber)) {
    throw validationError('account.accountNumber: must be a 10-digit NUBAN account number');
  }
  if (provider.country !== 'NG' && !/^[0-9]{6,14}$/.test(account.accountNumber)) {
    throw validationError('account.accountNumber: must be 6 to 14 digits');
  }
}

/** Made-up but plausible holders per market; the number's digit sum picks one. */
const HOLDERS: Record<string, readonly string[]> = {
  NG: ['Adaeze Okafor', 'Babatunde Adeyemi', 'Chinedu Eze', 'Funmilayo Balogun', 'Ibrahim Musa', 'Ngozi Obi'],
  KE: [
    'Wanjiru Kamau',
    'Otieno Odhiambo',
    'Achieng Atieno',
    'Kipchoge Rotich',
    'Mwangi Njoroge',
    'Amina Hassan',
  ],
  CI: ['Aya Kouassi', 'Yao Konan', 'Adjoua Koffi', 'Mamadou Traoré', 'Awa Bamba', 'Serge Kouadio'],
  SN: ['Aminata Diallo', 'Moussa Ndiaye', 'Fatou Sow', 'Cheikh Fall', 'Awa Diop', 'Ousmane Ba'],
};
const FALLBACK_HOLDERS = ['Alex Mensah', 'Sam Owusu', 'Grace Boateng', 'Kofi Asante'];

/** E.g. "Aminata Diallo (Wave ****4567)" or "Chinedu Eze (Zenith Bank ****6789)". */
export function accountLabel(provider: SandboxProvider, account: RecipientAccount): string {
  const number = isMobileMoney(account) ? account.phoneNumber.replace(/^\+/, '') : account.accountNumber;
  const digitSum = [...number].reduce((sum, digit) => sum + Number(digit), 0);
  const holders = HOLDERS[provider.country] ?? FALLBACK_HOLDERS;
  const holder = holders[digitSum % holders.length] ?? FALLBACK_HOLDERS[0];
  const where = isMobileMoney(account)
    ? provider.label
    : (provider.banks.find((bank) => bank.bankCode === account.bankCode)?.bankName ?? provider.label);
  return `${holder} (${where} ****${number.slice(-4)})`;
}

/** Checks the account against its provider and stores it; the answer's `id` is the `transferRecipientId`. */
export async function validateRecipient(context: SandboxContext, request: ValidateRecipientRequest) {
  const provider = requireProvider(request.provider);
  checkAccount(provider, request.account);
  const { slug, country, currency, channel } = provider;
  const id = newId('rcp');
  const holderLabel = accountLabel(provider, request.account);
  await context.db
    .insertInto('sandbox_recipients')
    .values({
      id,
      provider: slug,
      account: JSON.stringify(request.account),
      account_label: holderLabel,
      currency,
      country,
      channel,
      created_at: context.clock.now(),
    })
    .execute();
  return {
    id,
    currency,
    country,
    provider: slug,
    providerLabel: provider.label,
    channel,
    status: 'validated',
    accountLabel: holderLabel,
    account: request.account,
  };
}
