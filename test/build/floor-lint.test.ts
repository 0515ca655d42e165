// The lint holds code that ships to browsers to the floor's ECMAScript (eslint.config.js, with es-x at the
// edition widget/build/ecma-editions.ts reads from package.json's `browserslist`): built-ins and regular
// expressions newer than the floor are errors, a RegExp flag given as a string too, and the shipped
// sources have none. canRun() and the lint read one list of what the widget needs (RUNTIME_NEEDS).
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';
import { floorTargets } from '../../widget/build/browser-targets.ts';
import { editionOf, INTL, LANGUAGE } from '../../widget/build/ecma-editions.ts';
import { esxRules } from '../../widget/build/floor-lint.ts';
import { RUNTIME_NEEDS } from '../../widget/internal/runtime-needs.ts';
import { canRun } from '../../widget/internal/support.ts';

const eslint = new ESLint();
/** Loading the config, its plugins and TypeScript's project takes a minute on a busy machine. */
const LOAD = 180_000;

/**
 * The floor rules' findings in `code`, linted as if it were the shipped file at `filePath` (an existing
 * one: type information, which tells `items.at` is an array's, covers the project's own files only).
 */
async function floorFindings(code: string, filePath = 'widget/shared/money.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map(({ ruleId, message }) => `${ruleId}: ${message}`);
}

describe('ECMAScript beyond the floor, in code that ships to browsers', () => {
  test(
    'a RegExp flag given as a string to the constructor is an error: v (Chrome 112) and d (Chrome 90)',
    async () => {
      const planted =
        "export const phone = new RegExp('x', 'v');\nexport const spans = new RegExp('x', 'd');\n";
      expect(await floorFindings(planted)).toEqual([
        "es-x/no-regexp-v-flag: ES2024 RegExp 'v' flag is forbidden.",
        "es-x/no-regexp-d-flag: ES2022 RegExp 'd' flag is forbidden.",
      ]);
    },
    LOAD,
  );

  test(
    'a newer built-in is an error, a method found by its type (Array#at, String#replaceAll)',
    async () => {
      const planted =
        "export const last = (items: string[]) => items.at(-1);\nexport const spaced = (code: string) => code.replaceAll('_', ' ');\n";
      expect(await floorFindings(planted)).toEqual([
        "es-x/no-array-prototype-at: ES2022 'Array.prototype.at' method is forbidden.",
        "es-x/no-string-prototype-replaceall: ES2021 'String.prototype.replaceAll' method is forbidden.",
      ]);
    },
    LOAD,
  );

  test(
    'an older feature that came late to one floor engine: lookbehind, iOS Safari 16.4',
    async () => {
      expect(
        await floorFindings('export const tail = /(?<=\\+)\\d+/;\n', 'widget/pay-page/upgrade.ts'),
      ).toEqual(['es-x/no-regexp-lookbehind-assertions: ES2018 RegExp lookbehind assertions are forbidden.']);
    },
    LOAD,
  );

  test(
    'syntax the build lowers is allowed in the sources (test/build/floor-syntax.test.ts parses the output)',
    async () => {
      expect(await floorFindings('export let n = 1_000;\nn ??= 2;\n')).toEqual([]);
    },
    LOAD,
  );

  test(
    'the shipped sources lint clean: the widget, its side scripts and the demo pages',
    async () => {
      const results = await eslint.lintFiles(['widget', 'demo']);
      const findings = results.flatMap(({ filePath, messages }) =>
        messages.map(({ ruleId, line }) => `${filePath}:${line} ${ruleId}`),
      );
      expect(findings).toEqual([]);
      expect(results.map(({ filePath }) => filePath)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/widget\/shared\/phone\.ts$/),
          expect.stringMatching(/widget\/pay-page\/upgrade\.ts$/),
          expect.stringMatching(/widget\/isolation\/frame\.ts$/),
          expect.stringMatching(/demo\/console\/main\.ts$/),
        ]),
      );
    },
    LOAD,
  );

  test(
    'the server and the build (Node) are not held to the browser floor',
    async () => {
      const planted = "export const r = new RegExp('x', 'v');\n";
      expect(await floorFindings(planted, 'server/app.ts')).toEqual([]);
      expect(await floorFindings(planted, 'widget/build/browser-targets.ts')).toEqual([]);
    },
    LOAD,
  );
});

describe('the edition, read from the floor', () => {
  test("today's floor (Chrome 80, KaiOS 3 as Firefox 84, iOS 15) runs ES2020 and the Intl API of 2020", () => {
    expect([editionOf(floorTargets(), LANGUAGE), editionOf(floorTargets(), INTL)]).toEqual([2020, 2020]);
  });

  test('a floor of Chrome 85, Firefox 80 and Safari 14.1 would allow replaceAll, not yet Array#at', () => {
    const rules = esxRules(['chrome85', 'firefox80', 'ios14.1'], []);
    expect([rules['es-x/no-string-prototype-replaceall'], rules['es-x/no-array-prototype-at']]).toEqual([
      undefined,
      'error',
    ]);
  });

  test('lookbehind stays forbidden until iOS 16.4 is the oldest Safari', () => {
    expect(esxRules(['chrome94', 'firefox93', 'ios16.3'], [])['es-x/no-regexp-lookbehind-assertions']).toBe(
      'error',
    );
    expect(esxRules(['chrome94', 'firefox93', 'ios16.4'], [])['es-x/no-regexp-lookbehind-assertions']).toBe(
      undefined,
    );
  });

  test('an engine without data stops the lint rather than guess', () => {
    expect(() => esxRules(['chrome80', 'samsung13'], [])).toThrow('samsung13');
  });
});

describe('canRun() and the lint read one list: what the widget needs', () => {
  /** A global object with every path of RUNTIME_NEEDS but `missing`. */
  function scopeWithout(missing?: string): object {
    const scope: Record<string, unknown> = {};
    for (const path of RUNTIME_NEEDS) {
      if (path === missing) continue;
      let object = scope;
      for (const key of path.split('.')) object = (object[key] ??= {}) as Record<string, unknown>;
    }
    return scope;
  }

  test('canRun() passes a browser with every need', () => {
    expect(canRun(scopeWithout())).toBe(true);
  });

  test.each(RUNTIME_NEEDS)('canRun() refuses a browser without %s', (need) => {
    expect(canRun(scopeWithout(need))).toBe(false);
  });

  test(
    "the lint lets code behind canRun() use them (compat's polyfills), not the side scripts",
    async () => {
      const gated = await eslint.calculateConfigForFile('widget/element/pay-checkout.ts');
      const ungated = await eslint.calculateConfigForFile('widget/pay-page/upgrade.ts');
      expect([gated.settings.polyfills, ungated.settings.polyfills]).toEqual([[...RUNTIME_NEEDS], []]);
    },
    LOAD,
  );

  test('a need newer than the floor, listed there, is allowed by es-x (canRun() tests it)', () => {
    // Array#at is an ES2022 method with an es-x rule of its own: as if the widget needed it.
    const rule = 'es-x/no-array-prototype-at';
    expect([
      esxRules(floorTargets(), ['Array.prototype.at'])[rule],
      esxRules(floorTargets(), [])[rule],
    ]).toEqual(['off', 'error']);
  });
});
