import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@keisha/config/chromium';
import { E2E_BASE_PORT } from './e2e/support/platform-env.ts';

// End-to-end tests drive Debian's Chromium against the whole platform started by global setup.
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // A run on another port (a second platform beside the default one) keeps its artifacts apart.
  outputDir: E2E_BASE_PORT === 3700 ? '../test-results/e2e' : `../test-results/e2e-${E2E_BASE_PORT}`,
  use: {
    baseURL: `http://localhost:${E2E_BASE_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
