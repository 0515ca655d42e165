/**
 * The build target of every script the widget ships, derived from the browser floor declared once in the
 * root package.json (`browserslist`), so the floor the docs promise is the one the bundles are lowered to.
 * Vite's transformer takes esbuild-style targets (`chrome80`, `ios15`, `firefox84`): one per engine, the
 * oldest version of it the floor holds.
 */
import { fileURLToPath } from 'node:url';
import browserslist from 'browserslist';
import { editionOf, LANGUAGE } from './ecma-editions.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Browsers the transformer names itself, under browserslist's name; Android's browsers are their desktop engine. */
const SAME_ENGINE: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  android: 'chrome',
  edge: 'edge',
  opera: 'opera',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
};

/**
 * Browsers numbered on their own over another engine: from which of their versions we know the engine's,
 * and that engine version. Each is a lower bound (an older target only lowers more syntax, never less).
 * KaiOS 3 is Gecko 84; Samsung Internet 13 is Chromium 83; caniuse-lite gives UC 15.5 CSS cascade layers
 * (Chrome 99) and Opera Mobile 80 view transitions (Chrome 111).
 */
const OWN_NUMBERING: Record<string, { since: number; engine: string; version: number }> = {
  kaios: { since: 3, engine: 'firefox', version: 84 },
  samsung: { since: 13, engine: 'chrome', version: 83 },
  and_uc: { since: 15.5, engine: 'chrome', version: 99 },
  op_mob: { since: 80, engine: 'chrome', version: 111 },
};

/** `name version` from browserslist (a version may be a range, `15.2-15.3`: its start is the oldest). */
function engineOf(browser: string): { engine: string; version: number } {
  const [name = '', range = ''] = browser.split(' ');
  const version = Number.parseFloat(range.split('-')[0] ?? '');
  const same = SAME_ENGINE[name];
  if (same !== undefined) return { engine: same, version };
  const own = OWN_NUMBERING[name];
  if (own !== undefined && version >= own.since) return { engine: own.engine, version: own.version };
  // A browser the floor now holds whose engine version nobody has looked up: guessing could ship syntax
  // it cannot parse, so the build stops until it is added above.
  throw new Error(`The browser floor holds ${browser}, whose engine version the build does not know`);
}

/** The transformer's targets for `browsers` (browserslist's answer): the oldest version of each engine. */
export function buildTargets(browsers: string[]): string[] {
  const oldest = new Map<string, number>();
  for (const browser of browsers) {
    const { engine, version } = engineOf(browser);
    oldest.set(engine, Math.min(version, oldest.get(engine) ?? Infinity));
  }
  return [...oldest].map(([engine, version]) => `${engine}${version}`).sort();
}

/** The declared floor, as browserslist resolves the root package.json's entry. */
function floorBrowsers(): string[] {
  return browserslist(undefined, { path: ROOT });
}

/** The target every widget build uses. */
export function floorTargets(): string[] {
  return buildTargets(floorBrowsers());
}

/**
 * Chrome's first version whose optional chaining has no bug. Chrome 80 to 90 run `a?.b` and `f?.()`,
 * but a call in an optional chain with a spread argument before another one (`f?.(...a, b)`) throws
 * there, so the transformer lowers every `?.` for them into a temporary and two comparisons.
 */
const CHROME_SOUND_OPTIONAL_CHAINING = 91;

/**
 * The target the widget's own scripts are built at: the floor's, except that `?.` ships as written (it
 * saves ~480 B brotli in the classic script). A Chrome older than 91 is named 91, and the floor's
 * edition (`es2020`) is named too, so everything newer than the edition is still lowered (`??=`, class
 * fields), and of the older syntax Chrome 80 runs only `?.` is left as written (the transformer's tables
 * hold no other difference between Chrome 80 and 91 up to ES2020). No shipped file holds the call the
 * bug breaks (test/build/floor-syntax.test.ts), and the old-engines suite pays in Chromium 80 and 88.
 * Edge and Opera at the floor are past 91; an older one would only have its `?.` lowered, as today.
 */
export function widgetTargets(): string[] {
  const targets = floorTargets().map((target) => {
    const chrome = /^chrome(\d+)$/.exec(target);
    return chrome && Number(chrome[1]) < CHROME_SOUND_OPTIONAL_CHAINING
      ? `chrome${CHROME_SOUND_OPTIONAL_CHAINING}`
      : target;
  });
  return [`es${FLOOR_ECMA_VERSION}`, ...targets];
}

/**
 * The highest ECMAScript version every floor browser runs, read from the targets above: today ES2020
 * (`?.` and `??` are in Chrome 80, Firefox 84 for KaiOS 3 and Safari 15; `??=` and `replaceAll` came in
 * Chrome 85). The shipped files must parse at this version (test/build/floor-syntax.test.ts), and the
 * lint forbids built-ins of later editions (eslint.config.js).
 */
export const FLOOR_ECMA_VERSION = editionOf(floorTargets(), LANGUAGE);
