/**
 * Builds the isolation page's frame script (widget/isolation/vite.config.ts) into the same folder once
 * the widget's build has written it, so `vite build` alone leaves every file the server serves under
 * /widget/. Built on its own because it bundles none of the widget, and the widget's own build empties
 * its folder first: run as a second command, a plain `vite build` used to drop the frame script.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const FRAME_CONFIG = fileURLToPath(new URL('../isolation/vite.config.ts', import.meta.url));

export function frameScript(configFile = FRAME_CONFIG): Plugin {
  let outDir: string | undefined;
  return {
    name: 'pay-checkout:frame-script',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({ configFile, logLevel: 'warn', build: { outDir } });
    },
  };
}
