// The style lint (stylelint.config.mjs, run by `npm run lint` through widget/build/lint-styles.ts) checks
// CSS features against the browser floor in package.json's `browserslist`: a flex gap, missing before
// Chromium 84, is an error, in a CSS file and in a Lit `css` template alike, and the shipped styles have
// none left without a fallback.
import { fileURLToPath } from 'node:url';
import stylelint from 'stylelint';
import { describe, expect, test } from 'vitest';
import { lintStyles, SERVED_STYLES } from '../../widget/build/lint-styles.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOAD = 60_000;

/** What the real config says of `code`, linted as the file `name` under the repository. */
async function findings(code: string, name: string) {
  const { results } = await stylelint.lint({ code, codeFilename: `${ROOT}${name}`, cwd: ROOT });
  return results.flatMap(({ warnings }) => warnings.map(({ rule, text }) => ({ rule, text })));
}

const FLEX_GAP = {
  rule: 'plugin/no-unsupported-browser-features',
  text: 'Unexpected browser feature "flexbox-gap" is not supported by Chrome 80-81,83 (plugin/no-unsupported-browser-features)',
};

describe('CSS beyond the floor', () => {
  test(
    'a flex gap is an error in a stylesheet, naming the floor browsers without it',
    async () => {
      expect(await findings('.row { display: flex; gap: 8px; }\n', 'demo/planted.css')).toEqual([FLEX_GAP]);
    },
    LOAD,
  );

  test(
    "and in the widget's Lit `css` templates",
    async () => {
      const planted =
        "import { css } from '../internal/css.ts';\nexport const row = css`\n  .row {\n    display: flex;\n    gap: 8px;\n  }\n`;\n";
      expect(await findings(planted, 'widget/element/planted.styles.ts')).toEqual([FLEX_GAP]);
    },
    LOAD,
  );

  test(
    'a grid gap, in every floor browser, is not',
    async () => {
      expect(await findings('.grid { display: grid; gap: 8px; }\n', 'demo/planted.css')).toEqual([]);
    },
    LOAD,
  );

  test(
    "the shipped styles pass: the widget's, the demo's and the console's, the pay page's and the receipt's",
    async () => {
      expect(Object.keys(SERVED_STYLES)).toHaveLength(2);
      expect(await lintStyles()).toEqual([]);
    },
    LOAD,
  );
});
