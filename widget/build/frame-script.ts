/**
 * Builds the scripts that run beside the widget (the isolation page's frame script,
 * widget/isolation/vite.config.ts, and the pay page's, widget/pay-page/vite.config.ts) into the same
 * folder once the widget's build has written it, so `vite build` alone leaves every file the server
 * serves under /widget/. Built on their own because they bundle none of the widget, and the widget's own
 * build empties its folder first: run as a second command, a plain `vite build` used to drop them.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const SIDE_CONFIGS = ['../isolation/vite.config.ts', '../pay-page/vite.config.ts'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

export function frameScript(configFiles = SIDE_CONFIGS): Plugin {
  let outDir: string | undefined;
  return {
    name: 'pay-checkout:frame-script',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      for (const configFile of configFiles) await build({ configFile, logLevel: 'warn', build: { outDir } });
    },
  };
}
