import type { Plugin } from 'vite';
import { readTranslationFiles } from './translation-files.ts';

/**
 * Every other language than English ships as data beside the build (an IIFE cannot code-split, so the
 * widget fetches them as JSON from `locales/`): each `*.json` of `dir`, minified. A file that is not a
 * complete translation fails the build instead of reaching a payer half in English.
 */
export const locales = (dir = 'widget/i18n'): Plugin => ({
  name: 'pay-checkout-locales',
  generateBundle() {
    let translations;
    try {
      translations = readTranslationFiles(dir);
    } catch (error) {
      this.error((error as Error).message);
    }
    for (const [name, messages] of translations) {
      this.emitFile({ type: 'asset', fileName: `locales/${name}.json`, source: JSON.stringify(messages) });
    }
  },
});
