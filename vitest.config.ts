import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { lingui } from './build/lingui';

/**
 * Server test files that need a process of their own: PhonePe's SDK keeps one client per process
 * and refuses a second one with other keys, and each of these files starts its own PhonePe stand-in.
 */
const ISOLATED = ['tests/server/payment-providers.test.ts', 'tests/server/payment-phonepe-flow.test.ts'];
/** Server test files left out of this run (comma-separated): npm test runs the event-loop fuzz alone, after the rest (scripts/test.mjs). */
const LEFT_OUT = (process.env.SERVER_TESTS_LEFT_OUT ?? '').split(',').filter(Boolean);

const server = {
  include: ['tests/server/**/*.test.ts'],
  environment: 'node',
  // One migrated and seeded database per run, copied by each test file (harness.ts).
  globalSetup: ['tests/server/global-setup.ts'],
  // PGlite compiles its WASM once per file; a generous timeout covers a cold start.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  // The screens' macros and catalogues, as in the build (vite.config.ts).
  plugins: [lingui()],
  resolve: { tsconfigPaths: true },
  test: {
    // A test file per core. Vitest's default leaves one core to its main process, which only waits
    // while the files run: on a machine of two cores that halved the suites' speed.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // The tests hold behaviour, not speed (benchmarks do that): beside the journeys on a slow
          // machine of two cores, loading the editor or walking the server's imports took 5.3-5.9 s.
          testTimeout: 20_000,
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...server,
          name: 'server',
          exclude: [...ISOLATED, ...LEFT_OUT],
          // The files share their worker's loaded modules (the server's import costs seconds per
          // file, about a third of the suite): each file starts its own server on its own database
          // (harness.ts) and no test changes process.env or mocks a module, so nothing leaks.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...server, name: 'server-isolated', include: ISOLATED },
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
