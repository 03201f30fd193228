// Enters the studio the way its user does: opens the `ready:` line's URL (with this launch's
// token) in Chromium, lands on the clean address (the default cluster's overview), and keeps the browser state, so every spec
// runs with the cookie the real link set. launch-token.spec.ts checks the way in without it.
import { chromium } from '@playwright/test';
import type { FullConfig } from '@playwright/test';
import { onTestCluster } from './cluster-url';
import { E2E_STORAGE_STATE } from './launch';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const launchUrl = process.env.OPSTUDIO_E2E_LAUNCH_URL;
  if (launchUrl === undefined || launchUrl === '') return;
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(launchUrl);
    const landed = new URL(page.url());
    if (landed.searchParams.has('token') || landed.pathname !== onTestCluster('/'))
      throw new Error(`the launch URL should land on the clean address, landed on ${page.url()}`);
    await page.context().storageState({ path: E2E_STORAGE_STATE });
  } finally {
    await browser.close();
  }
}
