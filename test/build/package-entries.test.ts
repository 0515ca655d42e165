/**
 * The package as `npm pack` makes it from `widget/` after `npm run build`, and its entries as a merchant's
 * bundler meets them: `pay-checkout/react` is a client module (a React Server Component that imports it
 * runs without `useRef` and answers 500 otherwise), and every file package.json names is in the package.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WIDGET = new URL('../../widget/', import.meta.url);
const WIDGET_DIST = new URL('dist/', WIDGET);

interface Manifest {
  types: string;
  exports: Record<string, string | { types: string; default: string }>;
  typesVersions: Record<string, Record<string, string[]>>;
  sideEffects: string[];
}
const manifest = JSON.parse(readFileSync(new URL('package.json', WIDGET), 'utf8')) as Manifest;

/** The files `npm pack` puts in the package, as paths inside it. */
function packed(): string[] {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: WIDGET,
    encoding: 'utf8',
  });
  const [pack] = JSON.parse(output) as { files: { path: string }[] }[];
  return pack!.files.map((file) => file.path);
}

function built(name: string): string {
  const file = new URL(name, WIDGET_DIST);
  if (!existsSync(file)) throw new Error(`widget/dist/${name} is missing: run npm run build first`);
  return readFileSync(file, 'utf8');
}

/** The module's directive prologue: the string statements before its first other statement. */
function directives(source: string): string[] {
  const file = ts.createSourceFile('entry.js', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const prologue: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    prologue.push(statement.expression.text);
  }
  return prologue;
}

describe('the package entries', () => {
  it("pay-checkout/react begins with 'use client'", () => {
    const exported = JSON.parse(
      readFileSync(new URL('../../widget/package.json', import.meta.url), 'utf8'),
    ) as {
      exports: Record<string, { default: string }>;
    };
    const entry = exported.exports['./react']?.default;
    expect(entry).toBe('./dist/react.js');
    expect(directives(built('react.js'))).toEqual(['use client']);
  });

  it('holds the built files, the manifest and the README, and nothing else', () => {
    const files = packed();
    expect(files.filter((file) => !file.startsWith('dist/'))).toEqual([
      'README.md',
      'custom-elements.json',
      'package.json',
    ]);
    expect(files.filter((file) => file.endsWith('.tsbuildinfo'))).toEqual([]);
  });

  it('holds every file package.json names: entries, types, typesVersions, sideEffects', () => {
    const files = new Set(packed());
    const named = [
      manifest.types,
      ...Object.values(manifest.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : [target.types, target.default],
      ),
      ...Object.values(manifest.typesVersions).flatMap((paths) => Object.values(paths).flat()),
      ...manifest.sideEffects,
    ].map((path) => path.replace(/^\.\//, ''));
    expect(named.filter((path) => !files.has(path))).toEqual([]);
  });

  it('resolves pay-checkout/react for moduleResolution "node" (typesVersions) to the types exports names', () => {
    expect(manifest.typesVersions['*']?.['react']).toEqual([
      (manifest.exports['./react'] as { types: string }).types,
    ]);
  });
});
