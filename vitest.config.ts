import { defineConfig } from 'vitest/config';

// One project per suite; `npm test` runs each by name once it has tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/postgres-global-setup.ts'],
          // One module graph per worker instead of one per file: every file imports the whole app, and
          // importing it again for each of ~130 files cost three times the CPU of the tests themselves
          // (user CPU of the suite: 303 s isolated, 100 s shared, measured on this machine). Tests keep no
          // state in modules: each builds its own app, store and clock.
          isolate: false,
          // Type-level tests (`*.test-d.ts`: expectTypeOf, @ts-expect-error) are checked by tsc and reported
          // here as tests, beside the runtime ones: run as plain tests, expectTypeOf asserts nothing.
          typecheck: {
            enabled: true,
            // The widget's type tests too: they need no browser, nothing of them runs.
            include: ['test/server/**/*.test-d.ts', 'test/widget/**/*.test-d.ts'],
            tsconfig: 'tsconfig.json',
          },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The widget's build plugins (widget/build/), run in Node as Vite runs them.
        test: { name: 'build', include: ['test/build/**/*.test.ts'], environment: 'node' },
      },
      {
        // Firefox (Debian's ESR over WebDriver BiDi) against the built server and widget, started as the
        // end-to-end suite starts them; one browser per file, its journeys one after another (with
        // JavaScript on, and off in no-script.test.ts); lynx, the text browser, on the same server. Vitest, not
        // Playwright's runner: puppeteer-core is a library that needs a runner, Playwright's cannot drive
        // another engine than its own builds, and Vitest runs the e2e global setup unchanged (a default
        // export that returns its teardown) beside the other projects.
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 45_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The payer's journeys in WebKit (test/webkit/browser.ts): needs the build, as the e2e suite does.
        test: {
          name: 'webkit',
          include: ['test/webkit/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/webkit/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 45_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The floor's own engines, Chromium 80 and 88 (test/old-engines/old-chromium.ts), against the same
        // server and merchant page as the Firefox suite: one server for both, one browser at a time.
        test: {
          name: 'old-engines',
          include: ['test/old-engines/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 45_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
