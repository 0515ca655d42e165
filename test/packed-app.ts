/**
 * A merchant's plain Vite app with the package installed as the registry would serve it: the tarball
 * `npm pack` makes of `widget/` (after `npm run build`), unpacked into the app's node_modules, and Lit
 * (its one dependency) from this repository's. Built with Vite's defaults (its target, its minifier), as
 * `npm create vite` leaves an app. Used by the bench (the bytes the widget adds) and the package's tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const WIDGET = fileURLToPath(new URL('../widget/', import.meta.url));
const REPO_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

/**
 * The package's one dependency, and nothing of what Lit brings: the app's folder holds what a strict
 * installer (pnpm) leaves it, so a declaration naming `lit-html` (Lit's, not ours) fails to compile.
 * Lit's own imports resolve from its real folder, this repository's.
 */
const DEPENDENCIES = ['lit'];

export interface PackedApp {
  dir: string;
  /** The tarball's size in bytes. */
  tarballBytes: number;
  /** Builds the app with `script` as its whole main.js; answers the folder of its built files. */
  build(script: string, name: string): Promise<string>;
  /** The built app's scripts, as paths. */
  scripts(outDir: string): string[];
  /** Installs another package from this repository's node_modules into the app (`vue`, say). */
  add(name: string): void;
  remove(): void;
}

/** Packs `widget/` and installs the tarball into a new app in a temporary folder. */
export function packedApp(): PackedApp {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-app-'));
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: WIDGET,
      encoding: 'utf8',
    }),
  ) as { filename: string; size: number }[];
  const installed = join(dir, 'node_modules', 'pay-checkout');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, pack!.filename), '-C', installed, '--strip-components=1']);
  for (const name of DEPENDENCIES)
    symlinkSync(join(REPO_MODULES, name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Shop</title><script type="module" src="/main.js"></script>\n',
  );
  return {
    dir,
    tarballBytes: pack!.size,
    async build(script, name) {
      writeFileSync(join(dir, 'main.js'), script);
      const outDir = join(dir, name);
      await build({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, reportCompressedSize: false },
      });
      return outDir;
    },
    scripts: (outDir) =>
      readdirSync(join(outDir, 'assets'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => join(outDir, 'assets', name)),
    add: (name) => symlinkSync(join(REPO_MODULES, name), join(dir, 'node_modules', name), 'dir'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
