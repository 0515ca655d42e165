/**
 * The package's built entries (`widget/dist/`, from `tsc -p widget/tsconfig.build.json`, part of `npm run
 * build`) as a merchant's bundler meets them: `pay-checkout/react` is a client module, because a React
 * Server Component that imports it runs without `useRef` and answers 500 otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WIDGET_DIST = new URL('../../widget/dist/', import.meta.url);

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
});
