/**
 * Debian's Chromium as every Playwright run here launches it (`npx playwright install` cannot
 * download a browser on these machines): root has no sandbox, and the rest keeps Chromium from
 * calling hosts this machine cannot reach. playwright.config.ts and the browser benches use it.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} as const;
