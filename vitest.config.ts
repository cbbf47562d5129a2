import { defineConfig } from 'vitest/config';
import { lingui } from './build/lingui';

export default defineConfig({
  // The screens' macros and catalogues, as in the build (vite.config.ts).
  plugins: [lingui()],
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded database per run, copied by each test file (harness.ts).
          globalSetup: ['tests/server/global-setup.ts'],
          // The files share their worker's loaded modules (the server's import costs seconds per
          // file, about a third of the suite): each file starts its own server on its own database
          // (harness.ts) and no test changes process.env or mocks a module, so nothing leaks.
          isolate: false,
          // PGlite compiles its WASM once per file; a generous timeout covers a cold start.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The built tree started as in production (npm test runs it after the build).
          name: 'prod',
          include: ['tests/prod/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
