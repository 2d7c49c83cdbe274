import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'api/src/**/*.test.ts',
            'admin-desktop/src/main/**/*.test.ts',
            'admin-desktop/bench/**/*.test.ts',
            'admin-desktop/src/shared/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'storefront/server/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // Each worker imports the API once for all its files (each file still makes its own app and database):
          // a fresh import per file cost about 3 s of the 5 s each file took.
          isolate: false,
          // Projects with their own worker limits run as separate groups, one after the other.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'ui',
          include: ['storefront/src/**/*.test.{ts,tsx}', 'admin-desktop/src/renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        // Browser tests against the real API and the built UIs (see e2e/global-setup.ts). One file at a
        // time: each drives a Chromium, and the machine has two cores.
        test: {
          name: 'e2e',
          include: [
            'storefront/e2e/**/*.e2e.test.ts',
            'admin-desktop/e2e/**/*.e2e.test.ts',
            'e2e/**/*.e2e.test.ts',
          ],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
