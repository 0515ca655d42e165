/**
 * The package as `npm pack` makes it from `widget/` after `npm run build`, and its entries as a merchant's
 * bundler meets them: `pay-checkout/react` is a client module (a React Server Component that imports it
 * runs without `useRef` and answers 500 otherwise), every file package.json names is in the package, and
 * the minified entry, installed from the tarball into a plain Vite app, defines a working element.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { packedApp, type PackedApp } from '../packed-app.ts';

const WIDGET = new URL('../../widget/', import.meta.url);
const WIDGET_DIST = new URL('dist/', WIDGET);

interface Manifest {
  types: string;
  exports: Record<string, string | { types: string; default: string }>;
  typesVersions: Record<string, Record<string, string[]>>;
  sideEffects: string[];
}
const manifest = JSON.parse(readFileSync(new URL('package.json', WIDGET), 'utf8')) as Manifest;

/** The files `npm pack` puts in the package, as paths inside it (asked once: npm takes seconds). */
let packedFiles: string[] | undefined;
function packed(): string[] {
  packedFiles ??= listPacked();
  return packedFiles;
}
function listPacked(): string[] {
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

// `npm pack` takes seconds on a busy machine; the first test to ask waits for it.
describe('the package entries', { timeout: 30_000 }, () => {
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

  it('holds every script custom-elements.json names', () => {
    const files = new Set(packed());
    const elements = JSON.parse(readFileSync(new URL('custom-elements.json', WIDGET), 'utf8')) as {
      modules: { path: string; exports?: { declaration: { module?: string } }[] }[];
    };
    const named = elements.modules.flatMap((module) => [
      module.path,
      ...(module.exports ?? []).flatMap((entry) => entry.declaration.module ?? []),
    ]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !files.has(path))).toEqual([]);
  });

  it.each(['react', 'vue'])(
    'resolves pay-checkout/%s for moduleResolution "node" (typesVersions) to the types exports names',
    (entry) => {
      expect(manifest.typesVersions['*']?.[entry]).toEqual([
        (manifest.exports[`./${entry}`] as { types: string }).types,
      ]);
    },
  );

  it('runs pay-checkout/vue as the package entry itself: one element definition', () => {
    expect((manifest.exports['./vue'] as { default: string }).default).toBe(
      (manifest.exports['.'] as { default: string }).default,
    );
  });
});

describe('the minified entries', { timeout: 30_000 }, () => {
  it('ships each entry with its source map, and no other script', () => {
    const scripts = packed().filter((file) => /\.js(\.map)?$/.test(file));
    expect(scripts.sort()).toEqual([
      'dist/index.js',
      'dist/index.js.map',
      'dist/react.js',
      'dist/react.js.map',
    ]);
    for (const entry of ['index.js', 'react.js']) {
      expect(built(entry)).toMatch(new RegExp(`\\n//# sourceMappingURL=${entry}\\.map\\n?$`));
      const map = JSON.parse(built(`${entry}.map`)) as { sources: string[]; sourcesContent: string[] };
      // The sources are not in the package: the map carries them.
      expect(map.sourcesContent).toHaveLength(map.sources.length);
    }
    expect(built('index.js').split('\n')).toHaveLength(2);
  });

  it("keeps no private member's long name (mangled) nor a template's indentation", () => {
    const code = built('index.js');
    expect(code).not.toMatch(/\._load\b|\._machine\b/);
    expect(code).not.toMatch(/pay__[a-z]/);
    expect(code).not.toMatch(/`[^`]*\n {4}/);
  });
});

describe("import 'pay-checkout' in a plain Vite app, installed from the tarball", () => {
  let app: PackedApp;
  let outDir: string;
  beforeAll(async () => {
    app = packedApp();
    outDir = await app.build("import 'pay-checkout';\n", 'dist');
  }, 60_000);
  afterAll(() => app?.remove());

  it('defines <pay-checkout>, which loads its link and reports a missing one', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      await page.route('http://shop.test/**', (route) => {
        const path = new URL(route.request().url()).pathname;
        return route.fulfill({ path: join(outDir, path === '/' ? 'index.html' : path) });
      });
      await page.route('http://api.test/**', (route) => {
        requested.push(new URL(route.request().url()).pathname);
        return route.fulfill({
          status: 404,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({ error: { code: 'not_found', message: 'No such link' } }),
        });
      });
      await page.goto('http://shop.test/');
      const outcome = await page.evaluate(async () => {
        await customElements.whenDefined('pay-checkout');
        const element = document.createElement('pay-checkout');
        const failed = new Promise<{ code: string; status: number }>((resolve) =>
          element.addEventListener('pay-error', ({ detail }) =>
            resolve({ code: detail.error.code, status: detail.status }),
          ),
        );
        element.setAttribute('api', 'http://api.test');
        element.setAttribute('link', 'lnk_missing');
        document.body.append(element);
        return {
          ...(await failed),
          returnUrl: 'returnUrl' in element,
          rendered: element.shadowRoot !== null,
        };
      });
      expect(outcome).toEqual({ code: 'not_found', status: 404, returnUrl: true, rendered: true });
      expect(requested[0]).toMatch(/lnk_missing/);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
