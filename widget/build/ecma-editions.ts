/**
 * Which ECMAScript edition the browser floor runs, read from the build targets (browser-targets.ts turns
 * package.json's `browserslist` into `chrome80`, `firefox84`, `ios15`...): the newest edition whose every
 * feature each floor engine has. The build lowers syntax to the targets; built-ins and regular expressions
 * it passes through as written, so the lint (eslint.config.js) forbids those beyond this edition.
 *
 * The versions are the first release of each engine with the whole edition, as es-x's rules for it see it
 * (MDN's compatibility tables), bar the LAGGARDS below. Safari's numbers are iOS Safari's too.
 */

type Engine = 'chrome' | 'firefox' | 'safari';
type Since = Record<Engine, number>;
/** The editions the tables below know (acorn and terser take each of them as a version). */
export type Edition = 2015 | 2016 | 2017 | 2018 | 2019 | 2020 | 2021 | 2022 | 2023;

/**
 * The language and its built-ins. 2020 waits for `?.`/`??` in Chrome 80, `export * as ns` in Firefox 80
 * and Safari 14.1; 2021 for `replaceAll`, `Promise.any` and `??=` in Chrome 85; 2022 for class static
 * blocks (Chrome 94, Firefox 93, Safari 16.4); 2023 for the copying array methods (`toSorted`).
 */
export const LANGUAGE: ReadonlyArray<readonly [Edition, Since]> = [
  [2015, { chrome: 51, firefox: 54, safari: 10 }],
  [2016, { chrome: 52, firefox: 52, safari: 10.1 }],
  [2017, { chrome: 58, firefox: 52, safari: 10.1 }],
  [2018, { chrome: 64, firefox: 78, safari: 11.1 }],
  [2019, { chrome: 73, firefox: 64, safari: 12.1 }],
  [2020, { chrome: 80, firefox: 80, safari: 14.1 }],
  [2021, { chrome: 85, firefox: 79, safari: 14.1 }],
  [2022, { chrome: 94, firefox: 93, safari: 16.4 }],
  [2023, { chrome: 110, firefox: 115, safari: 16 }],
];

/**
 * The Intl API (ECMA-402) by the year es-x files it under: 2020 is `Intl.Locale` and
 * `RelativeTimeFormat`; 2021 adds `DisplayNames` (Chrome 81) and `DateTimeFormat#formatRange` (Firefox
 * 91); 2022 `Intl.Segmenter` (Firefox 125).
 */
export const INTL: ReadonlyArray<readonly [Edition, Since]> = [
  [2016, { chrome: 54, firefox: 48, safari: 11 }],
  [2017, { chrome: 57, firefox: 51, safari: 11 }],
  [2018, { chrome: 63, firefox: 58, safari: 13 }],
  [2019, { chrome: 63, firefox: 58, safari: 13 }],
  [2020, { chrome: 74, firefox: 75, safari: 14 }],
  [2021, { chrome: 81, firefox: 91, safari: 14.1 }],
  [2022, { chrome: 99, firefox: 125, safari: 15.4 }],
  [2023, { chrome: 106, firefox: 116, safari: 15.4 }],
];

/**
 * Features of older editions that came late to one engine, as es-x rules: forbidden while a floor
 * engine is older than the version given. Lookbehind (ES2018) reached Safari only in 16.4; shared
 * memory (ES2017) needs a cross-origin isolated page, which Chrome requires on every platform from 92.
 */
export const LAGGARDS: Readonly<Record<string, Since>> = {
  'es-x/no-regexp-lookbehind-assertions': { chrome: 62, firefox: 78, safari: 16.4 },
  'es-x/no-shared-array-buffer': { chrome: 92, firefox: 79, safari: 15.2 },
  'es-x/no-atomics': { chrome: 92, firefox: 79, safari: 15.2 },
};

/** `chrome80` → chrome 80; Edge (79 on) is Chromium of its own number, Opera (67 on) Chromium 13 ahead. */
function engineVersion(target: string): { engine: Engine; version: number } {
  const match = /^([a-z]+)(\d+(?:\.\d+)?)$/.exec(target);
  const name = match?.[1];
  const version = Number(match?.[2]);
  if (name === 'chrome' || name === 'firefox' || name === 'safari') return { engine: name, version };
  if (name === 'ios') return { engine: 'safari', version };
  if (name === 'edge' && version >= 79) return { engine: 'chrome', version };
  if (name === 'opera' && version >= 67) return { engine: 'chrome', version: version + 13 };
  // As in browser-targets.ts: an engine nobody has looked up stops the lint rather than let it guess.
  throw new Error(`No ECMAScript support data for the build target ${target}`);
}

const meets = (targets: readonly string[], since: Since) =>
  targets.every((target) => {
    const { engine, version } = engineVersion(target);
    return version >= since[engine];
  });

/**
 * The newest edition of `table` that every target runs, and every one before it (a floor newer than the
 * table's last row gets its last year: the lint then forbids more than it must, never less). A floor
 * older than the first row stops the lint: it has no rules to offer there.
 */
export function editionOf(
  targets: readonly string[],
  table: ReadonlyArray<readonly [Edition, Since]>,
): Edition {
  let edition: Edition | undefined;
  for (const [year, since] of table) {
    if (!meets(targets, since)) break;
    edition = year;
  }
  if (edition === undefined)
    throw new Error(`The targets ${targets.join(' ')} run no edition from ${table[0]![0]}`);
  return edition;
}

/** The LAGGARDS rules that some target is too old for. */
export const laggardsOf = (targets: readonly string[]): string[] =>
  Object.entries(LAGGARDS)
    .filter(([, since]) => !meets(targets, since))
    .map(([rule]) => rule);
