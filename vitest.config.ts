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
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The widget's build plugins (widget/build/), run in Node as Vite runs them.
        test: { name: 'build', include: ['test/build/**/*.test.ts'], environment: 'node' },
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
    ],
  },
});
