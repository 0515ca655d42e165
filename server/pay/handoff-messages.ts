/**
 * What the pay page says about a "Pay on your phone" code, in each language of the page: to a device that
 * opens a code another phone has already opened, and on the desktop, what that phone is paying. The pay
 * page's own words, not the widget's: the widget never shows them, and its inline English catalogue is
 * counted against its byte budget.
 *
 * Only English is reviewed. Every other language is marked `reviewed: false` until a native speaker
 * has read it (docs/i18n/glossary.md, "Awaiting a native speaker"); the words follow that glossary.
 */
import type { Language } from './language.ts';

export interface HandoffMessages {
  /** Whether a native speaker has read this language's text. */
  reviewed: boolean;
  /** The page a device gets for a code another phone opened first: its heading, then what to do. */
  usedTitle: string;
  usedText: string;
  /** On the desktop, beside the method the phone pays with. */
  method: string;
}

export const HANDOFF_MESSAGES: Record<Language, HandoffMessages> = {
  en: {
    reviewed: true,
    usedTitle: 'This code has already been used',
    usedText:
      'Another phone opened this payment first. To pay from this phone, make a new code on the page you started from.',
    method: 'Payment method',
  },
  fr: {
    reviewed: false,
    usedTitle: 'Ce code a déjà été utilisé',
    usedText:
      'Un autre téléphone a ouvert ce paiement en premier. Pour payer depuis ce téléphone, créez un nouveau code sur la page où vous avez commencé.',
    method: 'Moyen de paiement',
  },
  sw: {
    reviewed: false,
    usedTitle: 'Msimbo huu umeshatumika',
    usedText:
      'Simu nyingine ilifungua malipo haya kwanza. Ili kulipa kwa simu hii, tengeneza msimbo mpya kwenye ukurasa ulioanzia.',
    method: 'Njia ya malipo',
  },
  ha: {
    reviewed: false,
    usedTitle: 'An riga an yi amfani da wannan lambar',
    usedText:
      'Wata waya ce ta fara buɗe wannan biyan. Don ku biya da wannan wayar, ku samar da sabuwar lamba a shafin da kuka fara.',
    method: 'Hanyar biya',
  },
  yo: {
    reviewed: false,
    usedTitle: 'Wọ́n ti lo kóòdù yìí tẹ́lẹ̀',
    usedText:
      'Fóònù mìíràn ló kọ́kọ́ ṣí ìsanwó yìí. Láti sanwó lórí fóònù yìí, ẹ ṣe kóòdù tuntun lójú-ìwé tí ẹ ti bẹ̀rẹ̀.',
    method: 'Ọ̀nà ìsanwó',
  },
  wo: {
    reviewed: false,
    usedTitle: 'Kood bii, jëfandikoo nañu ko ba noppi',
    usedText:
      'Beneen telefon moo jëkk a ubbi fey bii. Ngir fey ak telefon bii, defal kood bu bees ci xët wi nga tàmbalee.',
    method: 'Anam fey',
  },
};
