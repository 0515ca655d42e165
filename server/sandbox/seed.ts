/**
 * First-start data: payment links covering every case, funded payout wallets, and a
 * short history of paid collections so analytics and the nearly exhausted link have something real to
 * count. Runs only on an empty sandbox, so the merchant's own changes survive restarts.
 */
import type { SandboxContext } from './context.ts';
import { feeFor } from './config.ts';
import { newId, newProvidersReference, newReference } from './ids.ts';
import { createPaymentLink, type NewPaymentLink } from './links/create.ts';
import { catalogueMarkets, findProvider } from './providers.ts';
import { ensureWallet, moveWallet } from './wallets.ts';

const DAY_MS = 86_400_000;

/** Opening balances of the payout wallets, minor units. */
const PAYOUT_FUNDS: Record<string, number> = {
  'NG-NGN': 100_000_000, // NGN 1,000,000.00
  'CI-XOF': 5_000_000,
  'SN-XOF': 5_000_000,
  'KE-KES': 10_000_000, // KES 100,000.00
};

function seedLinks(now: number, logo: string): NewPaymentLink[] {
  const inHalfAYear = new Date(now + 182 * DAY_MS).toISOString().slice(0, 10);
  return [
    // The Swahili and Hausa links are the oldest, so every list's first pages show what they showed before.
    {
      id: 'lnk_swahili_ke',
      title: 'Ada ya shule — Shule ya Msingi Tumaini',
      description: 'Ada ya muhula wa kwanza, pamoja na vitabu na chakula cha mchana.',
      isAmountFixed: true,
      amount: 250_000,
      currency: 'KES',
      country: 'KE',
      locale: 'sw',
      logo,
      customFields: [{ label: 'Jina la mwanafunzi', name: 'student_name', type: 'text', required: true }],
    },
    {
      id: 'lnk_hausa_ng',
      title: 'Taron Kasuwanci na Kano — tikitin shiga',
      description: 'Rana ɗaya, masu jawabi goma, da abincin rana.',
      isAmountFixed: true,
      amount: 500_000,
      currency: 'NGN',
      country: 'NG',
      locale: 'ha',
      logo,
      customFields: [{ label: 'Sunan kamfani', name: 'company_name', type: 'text', required: true }],
    },
    {
      id: 'lnk_fixed_ci',
      title: "Abonnement Premium — L'Écho d'Abidjan",
      description: 'Un mois d’accès illimité au journal, sans publicité.',
      isAmountFixed: true,
      amount: 15_000,
      currency: 'XOF',
      country: 'CI',
      locale: 'fr',
      logo,
      customFields: [{ label: 'Numéro d’abonné', name: 'subscriber_id', type: 'text', required: true }],
    },
    {
      id: 'lnk_donation_ng',
      title: 'Support the Lagos Food Bank',
      description: 'Every naira buys meals for families in need. Give what you can.',
      isAmountFixed: false,
      minimumAmount: 100_000,
      maximumAmount: 50_000_000,
      currency: 'NGN',
      country: 'NG',
      isAnonymousPaymentEnabled: true,
      redirectURL: 'https://example.org/thank-you',
      customFields: [
        { label: 'Dedicate my gift to', name: 'dedication', type: 'dropdown', required: false, options: ['General fund', 'School meals', 'Elderly care'] },
        { label: 'Message to the team', name: 'message', type: 'paragraph-text', required: false },
      ],
    },
    {
      id: 'lnk_limited_ke',
      title: 'Harambee: new roof for Kibera Primary',
      description: 'We are almost there: the fund closes when the roof is paid for.',
      isAmountFixed: false,
      minimumAmount: 10_000,
      maximumAmount: 500_000,
      amountLimit: 1_000_000,
      currency: 'KES',
      country: 'KE',
      isAnonymousPaymentEnabled: true,
    },
    {
      id: 'lnk_all_fields_sn',
      title: 'Inscription — Marathon de Dakar',
      description: 'Dossard, t-shirt et ravitaillement compris.',
      isAmountFixed: true,
      amount: 10_000,
      currency: 'XOF',
      country: 'SN',
      locale: 'fr',
      logo,
      expiresAt: inHalfAYear,
      customFields: [
        { label: 'Nom sur le dossard', name: 'bib_name', type: 'text', required: true },
        { label: 'Informations médicales', name: 'medical_notes', type: 'paragraph-text', required: false },
        { label: 'Taille du t-shirt', name: 'tshirt_size', type: 'dropdown', required: true, options: ['S', 'M', 'L', 'XL'] },
        { label: 'Temps visé (minutes)', name: 'target_minutes', type: 'number', required: false },
        { label: 'Date de naissance', name: 'birth_date', type: 'date', required: true },
        { label: 'Certificat médical (PDF ou image)', name: 'medical_certificate', type: 'file-upload', required: true },
        { label: "J'accepte le règlement de la course", name: 'accept_rules', type: 'checkbox', required: true },
      ],
    },
    {
      id: 'lnk_tip_ci',
      title: 'Pourboire — Maquis Chez Tantie',
      description: 'Merci pour votre visite !',
      isAmountFixed: false,
      minimumAmount: 100,
      maximumAmount: 100_000,
      currency: 'XOF',
      country: 'CI',
      isAnonymousPaymentEnabled: true,
    },
    {
      id: 'lnk_ticket_ng',
      title: 'Lagos Tech Summit — standard ticket',
      description: 'One day, two stages, lunch included.',
      isAmountFixed: true,
      amount: 2_500_000,
      currency: 'NGN',
      country: 'NG',
      logo,
      customFields: [
        { label: 'Company', name: 'company', type: 'text', required: false },
        { label: 'I agree to the code of conduct', name: 'code_of_conduct', type: 'checkbox', required: true },
      ],
    },
    {
      id: 'lnk_expired_sn',
      title: 'Tabaski 2025 — colis solidaire',
      description: 'Cette collecte est terminée.',
      isAmountFixed: true,
      amount: 25_000,
      currency: 'XOF',
      country: 'SN',
      expiresAt: '2025-06-06',
    },
    {
      id: 'lnk_inactive_ng',
      title: 'Workshop deposit (paused)',
      description: 'Bookings are paused.',
      isAmountFixed: true,
      amount: 500_000,
      currency: 'NGN',
      country: 'NG',
      isActive: false,
      status: 'inactive',
    },
    {
      id: 'lnk_completed_ke',
      title: 'Team jerseys 2025 (sold out)',
      description: 'All jerseys are sold.',
      isAmountFixed: true,
      amount: 150_000,
      currency: 'KES',
      country: 'KE',
      status: 'completed',
    },
  ];
}

/** Paid history: [link, provider, amount, days ago]. The Harambee link ends 15,000 short of its limit. */
const HISTORY: [string, string, number, number][] = [
  ['lnk_fixed_ci', 'mtn-ci', 15_000, 20],
  ['lnk_fixed_ci', 'orange-ci', 15_000, 13],
  ['lnk_fixed_ci', 'wave-ci', 15_000, 6],
  ['lnk_donation_ng', 'opay-ng', 2_500_000, 9],
  ['lnk_limited_ke', 'mpesa-ke', 500_000, 15],
  ['lnk_limited_ke', 'airtel-ke', 300_000, 8],
  ['lnk_limited_ke', 'mpesa-ke', 185_000, 2],
];

export async function seedSandbox(context: SandboxContext): Promise<void> {
  const existing = await context.db.selectFrom('sandbox_payment_links').select('id').limit(1).execute();
  if (existing.length > 0) return;
  const now = context.clock.now();
  const logo = `${context.config.publicUrl}/assets/merchant-logo.svg`;
  // Oldest first, one minute apart, so "newest first" lists have a stable order.
  const links = seedLinks(now, logo);
  for (const [index, link] of links.entries()) {
    await createPaymentLink(context, link, now - (links.length - index) * 60_000);
  }
  await context.db.transaction().execute(async (trx) => {
    for (const { country, currency } of catalogueMarkets()) {
      await ensureWallet(trx, 'deposit', country, currency, now);
      await moveWallet(trx, 'disbursement', country, currency, PAYOUT_FUNDS[`${country}-${currency}`] ?? 0, now);
    }
    for (const [linkId, slug, amount, daysAgo] of HISTORY) {
      const provider = findProvider(slug);
      if (!provider) continue;
      const paidAt = now - daysAgo * DAY_MS;
      const charge = feeFor(amount, context.config.collectionFeeBps);
      await trx
        .insertInto('sandbox_transactions')
        .values({
          reference: newReference(),
          checkout_id: newId('chk'),
          session_id: newId('ses'),
          client_id: context.config.clientId,
          kind: 'direct',
          payment_link_id: linkId,
          provider: slug,
          network: provider.networks[0]?.value ?? null,
          channel: provider.channel,
          providers_reference: newProvidersReference(),
          currency: provider.currency,
          country: provider.country,
          amount,
          charge,
          total_amount: amount + charge,
          customer: JSON.stringify({ name: 'Sandbox payer', phoneNumber: '+000000000000' }),
          status: 'success',
          action: 'none',
          scenario: 'seed',
          otp_attempts: 0,
          due_status: null,
          due_at: null,
          webhook_url: null,
          redirect_url: null,
          cancel_url: null,
          metadata: null,
          narration: null,
          status_description: 'Payment successful',
          bank_transfer: null,
          paid_at: paidAt,
          created_at: paidAt,
          updated_at: paidAt,
        })
        .execute();
      await moveWallet(trx, 'deposit', provider.country, provider.currency, amount, now);
    }
  });
}
