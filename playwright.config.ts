import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './scripts/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
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
