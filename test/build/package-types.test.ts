/**
 * The package's types as a merchant's TypeScript meets them: the tarball `npm pack` makes of `widget/`,
 * installed into an app (test/packed-app.ts), and a fixture compiled against it with `skipLibCheck` off,
 * so an error in the shipped declarations fails here too. Without React or Vue installed the package
 * still compiles; with Vue, `pay-checkout/vue` types `<pay-checkout>` in templates (`GlobalComponents`).
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedApp, type PackedApp } from '../packed-app.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'package-types');

/** A strict app's options, as `npm create vite` sets them (bundler resolution), with lib checks on. */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
};

/** Compiles `fixture` inside the app; answers each error as `file:line TScode message`. */
function compile(app: PackedApp, fixture: string): string[] {
  const file = join(app.dir, fixture);
  copyFileSync(join(FIXTURES, fixture), file);
  const program = ts.createProgram([file], OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file) return `TS${diagnostic.code} ${message}`;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const name = diagnostic.file.fileName.replace(`${app.dir}/`, '');
    return `${name}:${line + 1} TS${diagnostic.code} ${message}`;
  });
}

/** The errors a fixture expects: each line that ends in `// error TSnnnn`. */
function expected(fixture: string): string[] {
  return readFileSync(join(FIXTURES, fixture), 'utf8')
    .split('\n')
    .flatMap((line, index) => {
      const code = /\/\/ error (TS\d+)$/.exec(line)?.[1];
      return code ? [`${fixture}:${index + 1} ${code}`] : [];
    });
}

const codes = (errors: string[]) => errors.map((error) => error.split(' ').slice(0, 2).join(' '));

// `npm pack` and a program over the package's and Vue's declarations take seconds on a busy machine.
describe('the packed package, type-checked in an app', { timeout: 120_000 }, () => {
  let app: PackedApp;
  beforeAll(() => {
    app = packedApp();
  }, 60_000);
  afterAll(() => app?.remove());

  it('compiles without React or Vue installed: their types are not needed', () => {
    expect(compile(app, 'plain.ts')).toEqual([]);
  });

  it('types <pay-checkout> for Vue: a misspelt prop or a wrong listener fails, the documented ones pass', () => {
    app.add('vue');
    const errors = compile(app, 'vue.ts');
    expect(expected('vue.ts')).toHaveLength(4);
    expect(codes(errors), errors.join('\n')).toEqual(expected('vue.ts'));
  });
});
