/**
 * The widget's folders say what they hold: its root keeps only the package's entry points, and
 * `widget/internal/` holds helpers without Lit state that import nothing of the element, its controllers
 * or its steps. A new loose file, or a helper that grows into a controller, fails here and goes where it
 * belongs instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WIDGET = join(import.meta.dirname, '../../widget');
const INTERNAL = join(WIDGET, 'internal');
/** The package's entry, its React wrapper, its Vue-typed entry and the self-contained builds' entry. */
const ENTRY_POINTS = ['embed.ts', 'index.ts', 'react.ts', 'vue.ts'];
/**
 * The helpers that import Lit without holding its state, each for its reason. The list may only shrink:
 * a helper that stops importing Lit must leave it, and a new one that needs Lit is a controller or a step.
 */
const USES_LIT: Record<string, string> = {
  'api.ts': '`LatestRequest` implements `ReactiveController` (a type) so a host aborts it on leaving',
  'css.ts': "the styles' `css` tag is Lit's `unsafeCSS`",
  'ussd.ts': 'the dial links it returns are an `html` template',
};
const ELEMENT_SIDE = /^\.\.\/(?:element|controllers|steps)\//;

const typeScriptIn = (folder: string) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => entry.name)
    .sort();

/** Every module a file names: imports, `import type`, re-exports and dynamic `import()`. */
const modulesOf = (file: string) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((named) => named.fileName);

const isLit = (specifier: string) =>
  specifier === 'lit' || specifier.startsWith('lit/') || specifier.startsWith('@lit/');

describe('the widget layout', () => {
  it('reads type-only, re-exported and dynamic imports', () => {
    const element = modulesOf(join(WIDGET, 'element', 'pay-checkout.ts'));
    expect(element).toContain('lit');
    expect(modulesOf(join(WIDGET, 'index.ts'))).toContain('./element/events.ts');
    expect(modulesOf(join(INTERNAL, 'api.ts'))).toContain('lit');
  });

  it('keeps only the entry points loose at the root', () => {
    expect(typeScriptIn(WIDGET)).toEqual(ENTRY_POINTS);
  });

  it('keeps Lit out of internal/, but for the helpers named with their reason', () => {
    const usingLit = typeScriptIn(INTERNAL).filter((file) => modulesOf(join(INTERNAL, file)).some(isLit));
    expect(usingLit).toEqual(Object.keys(USES_LIT).sort());
  });

  it('keeps internal/ a leaf: nothing of the element, its controllers or its steps', () => {
    const reachingBack = typeScriptIn(INTERNAL).flatMap((file) =>
      modulesOf(join(INTERNAL, file))
        .filter((specifier) => ELEMENT_SIDE.test(specifier))
        .map((specifier) => `${file} -> ${specifier}`),
    );
    expect(reachingBack).toEqual([]);
  });
});
