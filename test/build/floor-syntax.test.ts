/**
 * The shipped scripts parse on the oldest browsers of the declared floor (package.json `browserslist`):
 * a file one syntax level too new is a SyntaxError there, and `<pay-checkout>` stays an empty box.
 * Reads the files `npm run build` wrote (npm test builds before this suite).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import {
  buildTargets,
  floorTargets,
  FLOOR_ECMA_VERSION,
  widgetTargets,
} from '../../widget/build/browser-targets.ts';

const DIST = new URL('../../dist/', import.meta.url);

const SHIPPED = [
  ['pay-checkout.iife.js', 'script'],
  ['pay-checkout.js', 'module'],
  ['pay-checkout-frame.js', 'script'],
  ['pay-checkout-page.js', 'script'],
  // The package's entries (`npm pack` of widget/), built at the same floor.
  ['../widget/dist/index.js', 'module'],
  ['../widget/dist/react.js', 'module'],
] as const;

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/**
 * The calls inside an optional chain (`f?.(…)`, `a?.b(…)`, `a?.b.c(…)`) that pass a spread argument
 * before another argument: Chrome 80 to 90 throw on them, and the build ships `?.` to those browsers.
 */
function spreadCallsInChains(node: Node, inChain = false, found: string[] = [], code = ''): string[] {
  const chain = inChain || node.type === 'ChainExpression';
  if (chain && node.type === 'CallExpression') {
    const args = node.arguments as Node[];
    if (args.some((arg, index) => arg.type === 'SpreadElement' && index < args.length - 1))
      found.push(code.slice(node.start as number, node.end as number));
  }
  for (const [key, value] of Object.entries(node)) {
    // A function inside a chain's call is code of its own, not a link of the chain.
    const within = chain && !/Function/.test(node.type) && key !== 'arguments';
    for (const child of Array.isArray(value) ? value : [value])
      if (isNode(child)) spreadCallsInChains(child, within, found, code);
  }
  return found;
}

/** The file as built, or a failure that says how to build it (a missing build is not a pass). */
function built(name: string): string {
  const file = new URL(name, DIST);
  if (!existsSync(file)) throw new Error(`dist/${name} is missing: run npm run build first`);
  return readFileSync(file, 'utf8');
}

describe('the shipped scripts at the browser floor', () => {
  it.each(SHIPPED)("dist/%s parses at the floor's ECMAScript version (as a %s)", (name, sourceType) => {
    expect(() => parse(built(name), { ecmaVersion: FLOOR_ECMA_VERSION, sourceType })).not.toThrow();
  });

  it.each(SHIPPED)(
    'dist/%s has no optional call with a spread before another argument (Chrome 80-90 throw)',
    (name, sourceType) => {
      const code = built(name);
      const program = parse(code, { ecmaVersion: FLOOR_ECMA_VERSION, sourceType }) as unknown as Node;
      expect(spreadCallsInChains(program, false, [], code)).toEqual([]);
    },
  );

  it('finds such a call in an optional chain, and only there', () => {
    const code =
      'f?.(...a, b); a?.b.c(...d, e); g?.(...a); h(...a, b); a?.b(() => i(...c, d)); (a?.b)(...c, d);';
    const program = parse(code, { ecmaVersion: FLOOR_ECMA_VERSION }) as unknown as Node;
    expect(spreadCallsInChains(program, false, [], code)).toEqual(['f?.(...a, b)', 'a?.b.c(...d, e)']);
  });

  it("ships `?.` as written to Chrome, and lowers everything past the floor's edition", () => {
    expect(widgetTargets()).toEqual([
      `es${FLOOR_ECMA_VERSION}`,
      'chrome91',
      ...floorTargets().filter((target) => !target.startsWith('chrome')),
    ]);
  });

  it('targets the oldest engine of each kind the floor names (Android WebView of Chrome 80, KaiOS 3, iOS 15)', () => {
    expect(floorTargets()).toEqual(expect.arrayContaining(['chrome80', 'firefox84', 'ios15']));
  });
});

describe('buildTargets', () => {
  it('keeps the oldest version of each engine, a range by its start, Android and KaiOS by their engine', () => {
    const browsers = ['and_chr 157', 'chrome 109', 'android 157', 'ios_saf 15.2-15.3', 'ios_saf 18.5-18.7', 'kaios 3.0-3.1', 'firefox 115'];
    expect(buildTargets(browsers)).toEqual(['chrome109', 'firefox84', 'ios15.2']);
  });

  it('stops the build on a browser whose engine version it does not know, rather than guess', () => {
    expect(() => buildTargets(['kaios 2.5'])).toThrow('kaios 2.5');
    expect(() => buildTargets(['baidu 13.52'])).toThrow('baidu 13.52');
  });
});
