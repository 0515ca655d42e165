/**
 * What the pay page and the receipt say around their share actions, in each language of the page. The
 * pages' own words, not the widget's: the widget shows no share actions, and its inline English catalogue
 * is counted against its byte budget. The apps keep their own names (WhatsApp, SMS) in every language.
 *
 * Only English is reviewed. Every other language is marked `reviewed: false` until a native speaker
 * has read it (docs/i18n/glossary.md, "Awaiting a native speaker"); the words follow that glossary, and
 * test/build/glossary.test.ts holds them to it.
 */
import type { Language } from './language.ts';

export interface ShareMessages {
  /** Whether a native speaker has read this language's text. */
  reviewed: boolean;
  /** The pay page's share block: its heading. */
  shareLink: string;
  /** The receipt's share block: its heading. */
  shareReceipt: string;
  /** The field that holds the address, to select and copy. */
  copyLabel: string;
}

export const SHARE_MESSAGES: Record<Language, ShareMessages> = {
  en: {
    reviewed: true,
    shareLink: 'Share this payment link',
    shareReceipt: 'Share this receipt',
    copyLabel: 'Link to copy',
  },
  fr: {
    reviewed: false,
    shareLink: 'Partager ce lien de paiement',
    shareReceipt: 'Partager ce reçu',
    copyLabel: 'Lien à copier',
  },
  sw: {
    reviewed: false,
    shareLink: 'Shiriki kiungo hiki cha malipo',
    shareReceipt: 'Shiriki risiti hii',
    copyLabel: 'Kiungo cha kunakili',
  },
  ha: {
    reviewed: false,
    shareLink: 'Raba wannan mahaɗar biya',
    shareReceipt: 'Raba wannan rasiti',
    copyLabel: 'Mahaɗar da za a kwafa',
  },
  yo: {
    reviewed: false,
    shareLink: 'Ẹ pín línkì ìsanwó yìí',
    shareReceipt: 'Ẹ pín ìwé ẹ̀rí ìsanwó yìí',
    copyLabel: 'Línkì láti ṣàdàkọ',
  },
  wo: {
    reviewed: false,
    shareLink: 'Séddoo lien fey bii',
    shareReceipt: 'Séddoo resu bii',
    copyLabel: 'Lien bi nga wara duppi',
  },
};
