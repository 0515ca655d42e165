import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

// The example apps of demo/examples/, each installed from the packed widget, built for production and
// paid through in Debian's Chromium at a phone's width, against the built server (global-setup.ts).
// One app at a time: the machine's two cores go to one build.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results/examples-output',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 360, height: 800 },
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] },
    trace: 'retain-on-failure',
  },
});
