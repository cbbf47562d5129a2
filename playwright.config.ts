import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './scripts/chromium';

// A worker for every two cores (its browser and its server keep about two busy). On a machine of
// two cores two workers made each journey about twice as slow and the whole run slower (23.3
// minutes against 21.3 one by one; the organization's journey 60+ s against 25 s), so one there.
// E2E_WORKERS=N sets another number.
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));

// Each worker has a product of its own (global-setup.ts starts one per worker and lists them):
// a worker process takes the one of its parallel index as E2E_PORT, E2E_STATIC_DIR and E2E_MAIL_DIR.
const index = Number(process.env.TEST_PARALLEL_INDEX);
for (const name of ['E2E_PORT', 'E2E_STATIC_DIR', 'E2E_MAIL_DIR']) {
  const list = process.env[`${name}S`];
  if (list && Number.isInteger(index)) process.env[name] = list.split(',')[index];
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // The journeys of a file run in order, in one worker; files are shared out between workers.
  fullyParallel: false,
  workers,
  // One more try for a journey that failed: a failure that repeats still fails the run; one that
  // passes the second time is reported as flaky (by name, in the summary) rather than hidden.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.test-output/e2e.json' }]],
  outputDir: '.test-output/e2e-artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
