/**
 * No import cycle in server/ or widget/, type-only imports included: a cycle through types still ties
 * the modules' meaning together, and the next value import along it would start one at runtime.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative module a file names in an import or export declaration, `import type` included. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const named: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      named.push(resolve(dirname(file), specifier.text));
    }
  }
  return named;
}

/** The cycles found by a depth-first walk, each as the files along it (relative to the repository). */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target !== file)]));
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (state.get(target) === 'open')
        found.push(path.slice(path.indexOf(target)).map((f) => relative(ROOT, f)));
      else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('form no cycle in server/ or widget/, type-only imports included', () => {
    const files = [...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'widget'))];
    // Every relative import into these folders names one of their files: no edge is lost to a path the
    // walk cannot read (an import of demo/ leaves the folders, and so any cycle).
    const known = new Set(files);
    const inside = (target: string) => /^(server|widget)\//.test(relative(ROOT, target));
    const unread = files.flatMap((file) =>
      importsOf(file).filter((target) => inside(target) && !known.has(target)),
    );
    expect(unread.map((target) => relative(ROOT, target))).toEqual([]);
    expect(cycles(files)).toEqual([]);
  });
});
