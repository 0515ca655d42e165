/**
 * The server's wiring: route files take their types (AppDeps, AppEnv) from server/env.ts, so nothing in
 * server/ or demo/ imports server/app.ts but the entry, server/main.ts (tests and the bench may), and
 * neither app.ts nor env.ts sits in an import cycle. Type-only imports count: a cycle of types is what
 * forced casts like `c.get('metrics' as never)`. Each sub-app owns its paths: none repeats, inside, a
 * prefix the app mounts sub-apps at. The layout table of docs/architecture.md names every server and widget
 * folder, and each folder holds what its name says: middleware in server/middleware/, SQL only where tables are
 * owned, webhooks under the resources they feed, each route family built in the file that mounts it.
 * The server imports widget code only from widget/shared/, and widget/shared/ only its own files, so what
 * the server runs never depends on code shaped by the widget's byte budget (eslint.config.js says the same).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_FOLDERS = ['server', 'demo', 'widget/shared'];
/** The one widget folder the server may import from: what both sides must agree on. */
const SHARED = 'widget/shared/';
/** The widget's package name: importing it is importing widget code too. */
const WIDGET_PACKAGE = /^pay-checkout(?:\/|$)/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
const APP = 'server/app.ts';
const ENV = 'server/env.ts';
/** The one source file that builds the app: the Node entry. */
const MAY_IMPORT_APP = new Set(['server/main.ts']);

/** `import ... from 'x'`, `import type ... from 'x'`, `export ... from 'x'`, over several lines too. */
const FROM_CLAUSE = /(?:^|[;\n])\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g;
/** `import 'x'` (for its effects) and `import('x')` (dynamic, or in a type: `typeof import('x')`). */
const BARE_IMPORT = /\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Every specifier a module imports, type-only imports included: packages and relative paths. */
function allSpecifiers(source: string): string[] {
  const found = [...source.matchAll(FROM_CLAUSE), ...source.matchAll(BARE_IMPORT)].map((match) => match[1]);
  return [...new Set(found.filter((specifier): specifier is string => specifier !== undefined))];
}

/** The relative specifiers a module imports, type-only imports included. */
const importedSpecifiers = (source: string) =>
  allSpecifiers(source).filter((specifier) => specifier.startsWith('.'));

/**
 * Each import that reaches past widget/shared/, as `file -> target`: a server file importing any other widget
 * file or the widget's package, a widget/shared/ file importing anything but its own folder's files.
 */
function importsPastShared(graph: Map<string, string[]>, packages: Map<string, string[]>): string[] {
  const refused = (file: string, target: string) =>
    file.startsWith('server/')
      ? (target.startsWith('widget/') && !target.startsWith(SHARED)) || WIDGET_PACKAGE.test(target)
      : file.startsWith(SHARED) && !target.startsWith(SHARED);
  const files = new Set([...graph.keys(), ...packages.keys()]);
  return [...files].flatMap((file) =>
    [...(graph.get(file) ?? []), ...(packages.get(file) ?? [])]
      .filter((target) => refused(file, target))
      .map((target) => `${file} -> ${target}`),
  );
}

function typeScriptFiles(folder: string): string[] {
  const absolute = join(root, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return SKIPPED_FOLDERS.has(entry.name) ? [] : typeScriptFiles(join(folder, entry.name));
    return entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [];
  });
}

/** Each source file (repository-relative) to the repository files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_FOLDERS.flatMap(typeScriptFiles)) {
    const source = readFileSync(join(root, file), 'utf8');
    const targets = importedSpecifiers(source).map((specifier) =>
      relative(root, resolve(root, dirname(file), specifier)),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** Each source file to the packages it imports (`hono`, `lit`, `node:fs`...). */
function packageImports(): Map<string, string[]> {
  return new Map(
    SOURCE_FOLDERS.flatMap(typeScriptFiles).map((file) => [
      file,
      allSpecifiers(readFileSync(join(root, file), 'utf8')).filter((specifier) => !specifier.startsWith('.')),
    ]),
  );
}

/** The strongly connected components of more than one file, or of one file importing itself (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

const graph = importGraph();
const packages = packageImports();
/** Where createApp mounts its sub-apps: `app.route('<prefix>', ...)`. */
const mounts = [...readFileSync(join(root, APP), 'utf8').matchAll(/app\.route\('([^']+)'/g)].map(
  (match) => match[1] ?? '',
);

describe('the import scan', () => {
  it('reads every form of import, type-only ones and multi-line ones included', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { AppDeps, AppEnv } from '../app.ts';",
      'import {',
      '  b,',
      '  type C,',
      "} from '../b/c.ts';",
      "export { d } from './d.ts';",
      "export * from './e.ts';",
      "import './f.ts';",
      "type G = typeof import('./g.ts');",
      "import { Hono } from 'hono';",
      "const text = 'not an import';",
    ].join('\n');
    expect(importedSpecifiers(source)).toEqual([
      './a.ts',
      '../app.ts',
      '../b/c.ts',
      './d.ts',
      './e.ts',
      './f.ts',
      './g.ts',
    ]);
  });

  it('finds a cycle, a self-import, and nothing in a tree', () => {
    const cyclic = new Map([
      ['app', ['route', 'leaf']],
      ['route', ['types']],
      ['types', ['app']],
      ['leaf', []],
      ['self', ['self']],
    ]);
    expect(importCycles(cyclic)).toEqual([['app', 'route', 'types'], ['self']]);
    expect(
      importCycles(
        new Map([
          ['app', ['route']],
          ['route', ['env']],
          ['env', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('sees the whole server, the app and its types', () => {
    expect(graph.get('server/main.ts')).toContain(APP);
    expect(graph.get('server/checkout/routes.ts')).toContain(ENV);
    expect(graph.size).toBeGreaterThan(150);
  });
});

describe('the wiring', () => {
  it('only server/main.ts imports server/app.ts', () => {
    const importers = [...graph].filter(([, targets]) => targets.includes(APP)).map(([file]) => file);
    expect(importers.filter((file) => !MAY_IMPORT_APP.has(file))).toEqual([]);
  });

  it('puts neither app.ts nor env.ts in an import cycle', () => {
    const through = importCycles(graph).filter((cycle) => cycle.includes(APP) || cycle.includes(ENV));
    expect(through).toEqual([]);
  });

  it('mounts each sub-app once, at its own prefix and not at the root', () => {
    expect(mounts).toContain('/api/v1/links');
    expect(mounts).not.toContain('/');
    expect(mounts.filter((mount, index) => mounts.indexOf(mount) !== index)).toEqual([]);
  });

  it('leaves each sub-app its own paths: no route inside repeats a mount prefix', () => {
    // The first segments the app mounts at: /api, /webhooks, /console, /docs...
    const prefixes = [...new Set(mounts.map((mount) => (mount.split('/')[1] ?? '').replace(/\./g, '\\.')))];
    const routeCall = new RegExp(
      `\\.(?:get|post|put|patch|delete|all|on)\\(\\s*'/(?:${prefixes.join('|')})[/']`,
    );
    expect(routeCall.test(".get('/api/v1/links/:id', handler)")).toBe(true);
    expect(routeCall.test(".get('/:id', handler)")).toBe(false);
    const offenders = [...graph.keys()]
      .filter((file) => file.startsWith('server/') && file !== APP)
      .filter((file) => routeCall.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('where shared code lives', () => {
  it('refuses a server import of widget code outside widget/shared/, and widget/shared/ reaching out', () => {
    const planted = new Map([
      [
        'server/pay/form-input.ts',
        ['widget/shared/money.ts', 'widget/internal/money.ts', 'server/pay/html.ts'],
      ],
      ['server/checkout/translations.ts', ['widget/build/translation-files.ts']],
      ['widget/shared/money.ts', ['widget/shared/intl-locale.ts', 'widget/i18n/index.ts']],
      ['demo/console/payouts.ts', ['widget/internal/transport.ts']],
    ]);
    const plantedPackages = new Map([
      ['server/pay/page.ts', ['hono', 'pay-checkout/react']],
      ['widget/shared/en.ts', ['lit']],
    ]);
    expect(importsPastShared(planted, plantedPackages)).toEqual([
      'server/pay/form-input.ts -> widget/internal/money.ts',
      'server/checkout/translations.ts -> widget/build/translation-files.ts',
      'widget/shared/money.ts -> widget/i18n/index.ts',
      'server/pay/page.ts -> pay-checkout/react',
      'widget/shared/en.ts -> lit',
    ]);
  });

  it('finds none in the repository, whose server does import widget/shared/', () => {
    expect(graph.get('server/pay/form-input.ts')).toContain('widget/shared/money.ts');
    expect(graph.get('widget/shared/money.ts')).toContain('widget/shared/format.ts');
    expect(importsPastShared(graph, packages)).toEqual([]);
  });
});

describe('the layout', () => {
  it('lists every server and widget folder in the layout table of docs/architecture.md', () => {
    const readme = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
    const folders = ['server', 'widget'].flatMap((part) =>
      readdirSync(join(root, part), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name))
        .map((entry) => `${part}/${entry.name}/`),
    );
    expect(folders).toContain('server/idempotency/');
    expect(folders).toContain('widget/internal/');
    expect(folders.filter((folder) => !readme.includes(`| \`${folder}\` |`))).toEqual([]);
  });
});

/** Kysely's query builders and raw `sql` tags, and the store's own helpers over them. */
const SQL = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|insertRow|updateWhere)\(|\bsql`/;
/** Folders that own no table, so hold no SQL. */
const NO_SQL_FOLDERS = [
  'server/middleware/',
  'server/node-server/',
  'server/widget-assets/',
  'server/contract/',
  'server/provider/',
  'server/http/',
];
/** The one exception: the dated-list pager pages whichever ledger table a list hands it. */
const SQL_WITHOUT_TABLE = new Set(['server/http/dated-list.ts']);

const serverFiles = [...graph.keys()].filter((file) => file.startsWith('server/'));
const sourceOf = (file: string) => readFileSync(join(root, file), 'utf8');
const filesMatching = (pattern: RegExp) => serverFiles.filter((file) => pattern.test(sourceOf(file)));

describe('the folders', () => {
  it('registers no middleware under server/http/, and holds only middleware in server/middleware/', () => {
    expect(
      serverFiles.filter((file) => file.startsWith('server/http/') && /\.use\(/.test(sourceOf(file))),
    ).toEqual([]);
    const middleware = serverFiles.filter((file) => file.startsWith('server/middleware/'));
    expect(middleware).toContain('server/middleware/merchant-auth.ts');
    expect(
      middleware.filter((file) => !/\bMiddlewareHandler\b|\bcreateMiddleware\(/.test(sourceOf(file))),
    ).toEqual([]);
  });

  it('keeps SQL out of the folders that own no table', () => {
    expect(SQL.test("db.selectFrom('payments')")).toBe(true);
    expect(filesMatching(SQL)).toContain('server/rate-limits/window-counter.ts');
    const offenders = filesMatching(SQL).filter(
      (file) => NO_SQL_FOLDERS.some((folder) => file.startsWith(folder)) && !SQL_WITHOUT_TABLE.has(file),
    );
    expect(offenders).toEqual([]);
  });

  it('builds each route family in the file that mounts it: no file adds routes to a sub-app it was handed', () => {
    expect(filesMatching(/\w+\s*:\s*OpenAPIHono</)).toEqual([]);
  });

  it('creates the per-IP limit over /api/v1 where /api/v1 is assembled, and only there', () => {
    expect(sourceOf(APP)).toMatch(/app\.use\('\/api\/v1\/\*', rateLimit\(limiter, 'ip'/);
    expect(filesMatching(/rateLimit\([^)]*'ip'/)).toEqual([APP]);
  });

  it('puts the provider webhooks under the resources they feed', () => {
    const builders = filesMatching(/\bwebhookApp\(/).filter(
      (file) => file !== 'server/provider/webhook-app.ts',
    );
    expect(builders.sort()).toEqual([
      'server/payments/webhook-routes.ts',
      'server/payouts/webhook-routes.ts',
    ]);
  });

  it('names housekeeping as such: no reconciliation purges, and nothing is called module.ts', () => {
    expect(
      serverFiles.filter((file) => /\/reconcile\.ts$/.test(file) && /\bpurge\w*\(/.test(sourceOf(file))),
    ).toEqual([]);
    expect(sourceOf('server/main.ts')).toMatch(/\bhousekeeping\(/);
    expect(serverFiles.filter((file) => file.endsWith('/module.ts'))).toEqual([]);
  });
});
