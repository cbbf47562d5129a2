import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './scripts/chromium';

// Two workers by default: a journey spends much of its time waiting on its server and its
// browser, so two side by side use a machine of two cores. E2E_WORKERS=1 runs them one by one.
const workers = Number(process.env.E2E_WORKERS) || 2;

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
  retries: 0,
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
