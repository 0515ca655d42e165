/**
 * What the pay page says of a checkout that cannot be paid, per reason, in each language of the page.
 * The pay page's own words, not the widget's: the widget answers the same refusal from the API's code,
 * and its inline English catalogue is counted against its byte budget.
 *
 * Only English is reviewed. Every other language is marked `reviewed: false` until a native speaker
 * has read it (docs/i18n/glossary.md, "Awaiting a native speaker"); the words follow that glossary.
 */
import type { Unavailability } from '../checkout/availability.ts';
import type { Language } from './language.ts';

export interface UnpayableMessages {
  /** Whether a native speaker has read this language's text. */
  reviewed: boolean;
  /** Per reason: the page's heading, then the sentence under it. */
  reasons: Record<Unavailability, { title: string; text: string }>;
  /** What the payer can still do. */
  contact: string;
  /** The link to the merchant's site, when the checkout names one. */
  site: string;
}

export const UNPAYABLE_MESSAGES: Record<Language, UnpayableMessages> = {
  en: {
    reviewed: true,
    reasons: {
      expired: { title: 'This payment link has expired', text: 'It no longer takes payments.' },
      inactive: {
        title: 'This payment link is paused',
        text: 'The merchant has paused it for now. It may open again later.',
      },
      completed: {
        title: 'This payment link is closed',
        text: 'It has taken the payments it was made for and takes no more.',
      },
      exhausted: {
        title: 'This payment link has reached its limit',
        text: 'It has collected all it may collect and takes no more payments.',
      },
      paid: { title: 'This checkout is already paid', text: 'It cannot be paid a second time.' },
    },
    contact: 'If you still want to pay, contact the merchant who sent you this link.',
    site: "Go to the merchant's site",
  },
  fr: {
    reviewed: false,
    reasons: {
      expired: { title: 'Ce lien de paiement a expiré', text: 'Il n’accepte plus de paiements.' },
      inactive: {
        title: 'Ce lien de paiement est suspendu',
        text: 'Le marchand l’a suspendu pour le moment. Il pourra être réactivé plus tard.',
      },
      completed: {
        title: 'Ce lien de paiement est clôturé',
        text: 'Il a reçu les paiements prévus et n’en accepte plus.',
      },
      exhausted: {
        title: 'Ce lien de paiement a atteint sa limite',
        text: 'Il a collecté tout le montant prévu et n’accepte plus de paiements.',
      },
      paid: { title: 'Ce paiement a déjà été réglé', text: 'Il ne peut pas être payé une seconde fois.' },
    },
    contact: 'Pour payer malgré tout, contactez le marchand qui vous a envoyé ce lien.',
    site: 'Aller sur le site du marchand',
  },
  sw: {
    reviewed: false,
    reasons: {
      expired: { title: 'Kiungo hiki cha malipo kimeisha muda wake', text: 'Hakipokei malipo tena.' },
      inactive: {
        title: 'Kiungo hiki cha malipo kimesimamishwa',
        text: 'Mfanyabiashara amekisimamisha kwa sasa. Huenda kikafunguliwa tena baadaye.',
      },
      completed: {
        title: 'Kiungo hiki cha malipo kimefungwa',
        text: 'Kimepokea malipo kilichoundiwa na hakipokei mengine.',
      },
      exhausted: {
        title: 'Kiungo hiki cha malipo kimefikia kikomo chake',
        text: 'Kimekusanya kiasi chote kinachoruhusiwa na hakipokei malipo mengine.',
      },
      paid: { title: 'Malipo haya yameshafanyika', text: 'Hayawezi kulipwa mara ya pili.' },
    },
    contact: 'Ikiwa bado unataka kulipa, wasiliana na mfanyabiashara aliyekutumia kiungo hiki.',
    site: 'Nenda kwenye tovuti ya mfanyabiashara',
  },
  ha: {
    reviewed: false,
    reasons: {
      expired: { title: 'Lokacin wannan mahaɗar biya ya ƙare', text: 'Ba ta karɓar biya kuma.' },
      inactive: {
        title: 'An dakatar da wannan mahaɗar biya',
        text: 'Ɗan kasuwa ya dakatar da ita a yanzu. Za a iya sake buɗe ta nan gaba.',
      },
      completed: {
        title: 'An rufe wannan mahaɗar biya',
        text: 'Ta karɓi biyan da aka yi ta domin shi, ba ta karɓar wani kuma.',
      },
      exhausted: {
        title: 'Wannan mahaɗar biya ta kai iyakarta',
        text: 'Ta tara dukan adadin kuɗin da aka yarda mata, ba ta karɓar biya kuma.',
      },
      paid: { title: 'An riga an biya wannan', text: 'Ba za a iya sake biyan sa ba.' },
    },
    contact: 'Idan har yanzu kuna so ku biya, ku tuntuɓi ɗan kasuwan da ya aiko muku da wannan mahaɗa.',
    site: 'Je shafin ɗan kasuwa',
  },
  yo: {
    reviewed: false,
    reasons: {
      expired: { title: 'Àkókò línkì ìsanwó yìí ti tán', text: 'Kò gba ìsanwó mọ́.' },
      inactive: {
        title: 'Wọ́n ti dá línkì ìsanwó yìí dúró',
        text: 'Oníṣòwò náà ti dá a dúró fún báyìí. Ó lè ṣí padà lẹ́yìn náà.',
      },
      completed: {
        title: 'Wọ́n ti ti línkì ìsanwó yìí',
        text: 'Ó ti gba àwọn ìsanwó tí wọ́n ṣe é fún, kò sì gba òmíràn mọ́.',
      },
      exhausted: {
        title: 'Línkì ìsanwó yìí ti dé òpin rẹ̀',
        text: 'Ó ti kó gbogbo iye owó tí a gbà á láàyè, kò sì gba ìsanwó mọ́.',
      },
      paid: { title: 'Wọ́n ti san èyí tẹ́lẹ̀', text: 'Kò ṣeé san lẹ́ẹ̀kejì.' },
    },
    contact: 'Tí ẹ bá ṣì fẹ́ sanwó, ẹ kàn sí oníṣòwò tí ó fi línkì yìí ránṣẹ́ sí yín.',
    site: 'Ẹ lọ sí ojú òpó oníṣòwò náà',
  },
  wo: {
    reviewed: false,
    reasons: {
      expired: { title: 'Jamonoy lien fey bii jeex na', text: 'Dootul nangu fey.' },
      inactive: {
        title: 'Lien fey bii dafa taxaw',
        text: 'Jaaykat bi taxawal na ko léegi. Mën nañu ko ubbiwaat ci kanam.',
      },
      completed: {
        title: 'Lien fey bii tëj nañu ko',
        text: 'Jot na fey yi ñu ko defaloon, dootul nangu yeneen.',
      },
      exhausted: {
        title: 'Lien fey bii àgg na ci dayoom',
        text: 'Dajale na mboolem xaalis bi mu mënoon a dajale, dootul nangu fey.',
      },
      paid: { title: 'Fey bii fey nañu ko ba noppi', text: 'Mënuñu koo feyaat.' },
    },
    contact: 'Bu fekkee bëgg ngaa fey, jokkool ak jaaykat bi la yónne lien bii.',
    site: 'Dem ci site jaaykat bi',
  },
};
