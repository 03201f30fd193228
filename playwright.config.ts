/**
 * End-to-end tests in Debian's Chromium (`npx playwright install` cannot download a browser here).
 * `npm test` starts the controller and the production web app first and passes the URL in.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/chromium';
import { ALLOWED_NAME, E2E_STORAGE_STATE, launchUrl } from './tests/e2e/launch';
// page.request reaches the launch host (<random>.localhost) as the browser does
import './tests/e2e/localhost-names';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  // opens the ready line's URL once; every spec starts with the cookie it set
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    storageState: launchUrl === undefined ? undefined : E2E_STORAGE_STATE,
    // the launch host (npm test passes it): the browser's cookie lives there, never on 127.0.0.1
    baseURL: process.env.OPSTUDIO_E2E_BASE_URL ?? 'http://127.0.0.1:3100',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM.executablePath,
      // MAP: the name the e2e studio serves besides 127.0.0.1 (OPSTUDIO_ALLOWED_HOSTS) resolves here, never on the network
      args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${ALLOWED_NAME} 127.0.0.1`],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
