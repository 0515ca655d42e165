import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { locales } from '../../widget/build/locales.ts';
import { en } from '../../widget/shared/en.ts';

interface Emitted {
  type: string;
  fileName: string;
  source: string;
}

/** Runs the plugin's generateBundle hook the way Rollup does: files emitted, errors thrown. */
function generate(plugin: Plugin): Emitted[] {
  const emitted: Emitted[] = [];
  const context = {
    emitFile: (file: Emitted) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.generateBundle as unknown as (this: typeof context) => void).call(context);
  return emitted;
}

const dirs: string[] = [];
function localesDir(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'pay-locales-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('locales (Vite plugin)', () => {
  it("emits every translation of the widget's i18n folder, minified, under locales/", () => {
    const files = readdirSync('widget/i18n').filter((name) => name.endsWith('.json'));
    expect(files).toContain('fr.json');
    const emitted = generate(locales());
    expect(emitted.map((file) => file.fileName)).toEqual(files.sort().map((name) => `locales/${name}`));
    for (const file of emitted) {
      const source = JSON.parse(
        readFileSync(`widget/i18n/${file.fileName.slice('locales/'.length)}`, 'utf8'),
      );
      expect(file).toEqual({ type: 'asset', fileName: file.fileName, source: JSON.stringify(source) });
    }
  });

  it('fails the build on a translation that misses a key, and names it', () => {
    const { wrongCode: _dropped, ...incomplete } = en;
    const dir = localesDir({ 'xx.json': JSON.stringify(incomplete), 'notes.txt': 'not a locale' });
    expect(() => generate(locales(dir))).toThrow(
      `${join(dir, 'xx.json')} is not a complete translation: wrongCode: missing`,
    );
  });

  it('fails the build on a file that is not JSON', () => {
    const dir = localesDir({ 'xx.json': '{"loading": ' });
    expect(() => generate(locales(dir))).toThrow(`${join(dir, 'xx.json')} is not JSON`);
  });

  it('emits nothing but the JSON files of the folder', () => {
    const dir = localesDir({ 'xx.json': JSON.stringify(en), 'README.md': '# glossary' });
    expect(generate(locales(dir)).map((file) => file.fileName)).toEqual(['locales/xx.json']);
  });
});
