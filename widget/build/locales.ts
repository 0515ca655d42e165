import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { translationProblems } from '../i18n/translation.ts';

/**
 * Every other language than English ships as data beside the build (an IIFE cannot code-split, so the
 * widget fetches them as JSON from `locales/`): each `*.json` of `dir`, minified. A file that is not a
 * complete translation fails the build, naming what is wrong, instead of reaching a payer half-English.
 */
export const locales = (dir = 'widget/i18n'): Plugin => ({
  name: 'pay-checkout-locales',
  generateBundle() {
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const path = join(dir, file);
      let messages: unknown;
      try {
        messages = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        this.error(`${path} is not JSON: ${(error as Error).message}`);
      }
      const problems = translationProblems(messages);
      if (problems.length) this.error(`${path} is not a complete translation: ${problems.join('; ')}`);
      this.emitFile({ type: 'asset', fileName: `locales/${file}`, source: JSON.stringify(messages) });
    }
  },
});
