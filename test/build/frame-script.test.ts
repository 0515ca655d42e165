import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { frameScript } from '../../widget/build/frame-script.ts';

const outDir = mkdtempSync(join(tmpdir(), 'pay-frame-script-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Runs the plugin's two hooks as Vite would at the end of the widget's build into `dir`. */
async function afterWidgetBuild(dir: string) {
  const plugin = frameScript();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ build: { outDir: dir } } as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();
}

describe('frameScript (build plugin)', () => {
  it('builds the frame script, compressed, into the folder the widget was built into', async () => {
    await afterWidgetBuild(outDir);
    const script = readFileSync(join(outDir, 'pay-checkout-frame.js'), 'utf8');
    // The frame script alone: it talks to its parent and bundles none of the widget (no Lit).
    expect(script).toContain('postMessage');
    expect(script).not.toContain('litHtmlVersions');
    expect(script.length).toBeLessThan(10_000);
    expect(existsSync(join(outDir, 'pay-checkout-frame.js.br'))).toBe(true);
    expect(existsSync(join(outDir, 'pay-checkout-frame.js.gz'))).toBe(true);
    // And the pay page's, beside it: no widget in it either.
    const page = readFileSync(join(outDir, 'pay-checkout-page.js'), 'utf8');
    expect(page).toContain('pay-ready');
    expect(page).not.toContain('litHtmlVersions');
    expect(existsSync(join(outDir, 'pay-checkout-page.js.br'))).toBe(true);
  }, 60_000);
});
