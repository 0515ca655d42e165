// Widget tests in a real headless Chromium (Debian's), TypeScript through esbuild.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { chromiumArgs, chromiumPath } from './test/chromium.mjs';

export default {
  files: ['test/widget/**/*.test.ts'],
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromiumPath,
        headless: true,
        args: [...chromiumArgs],
      },
    }),
  ],
  testFramework: { config: { timeout: 5000 } },
  testsFinishTimeout: 120_000,
};
