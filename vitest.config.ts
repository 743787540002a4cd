import { defineConfig } from 'vitest/config'

/**
 * Three tiers (design §6): `unit` (no I/O, beside the code), `api` (real HTTP layer, real database:
 * SQLite always, PostgreSQL too when TEST_DATABASE_URL is set), `e2e` (built app in headless Chromium).
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**', '**/dist/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
