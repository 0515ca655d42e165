import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/chromium.mjs';

// End-to-end: Debian's Chromium (no browser download), the real server started by global-setup.ts.
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e-output',
  workers: 1,
  timeout: 45_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs],
    },
    trace: 'retain-on-failure',
  },
});
