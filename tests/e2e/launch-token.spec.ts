// The way into a single-user studio, as its user and as a stranger: without the launch token a
// browser sees how to get in and nothing of the cluster; the ready line's URL opens the studio at
// its clean address. And the web app's port answers only for the names it serves (DNS rebinding).
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { onTestCluster } from './cluster-url';
import { ALLOWED_NAME, launchToken, launchUrl } from './launch';

test.describe('without the launch token', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the page says how to get in and shows nothing of the cluster; the API refuses', async ({ page }) => {
    test.skip(launchUrl === undefined, 'OPSTUDIO_E2E_LAUNCH_URL is not set: run through npm test');
    const apiAnswers: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/trpc/')) apiAnswers.push(r.status());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Open the studio with its launch link' })).toBeVisible();
    await expect(page.getByText('ready: http://127.0.0.1:3000/?token=…')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByText(/Connected to|nodes Ready|Namespaces/)).toHaveCount(0);
    expect(apiAnswers.filter((s) => s === 200)).toEqual([]);
    const info = await page.request.get('/api/trpc/cluster.info');
    expect(info.status()).toBe(401);
    expect(await info.text()).toContain('launch token');
  });

  test("the ready line's URL opens the studio at its clean address", async ({ page, baseURL }) => {
    test.skip(launchUrl === undefined, 'OPSTUDIO_E2E_LAUNCH_URL is not set: run through npm test');
    await page.goto(launchUrl!);
    expect(page.url()).toBe(`${baseURL}${onTestCluster('/')}`);
    await expect(page.getByText(/^Connected to .* · 3\/3 nodes Ready$/)).toBeVisible({ timeout: 30_000 });
    const info = await page.request.get('/api/trpc/cluster.info');
    expect(info.status()).toBe(200);
  });

  test('a wrong token gets the same page as none', async ({ page }) => {
    test.skip(launchUrl === undefined, 'OPSTUDIO_E2E_LAUNCH_URL is not set: run through npm test');
    await page.goto('/?token=not-the-token-of-this-launch');
    await expect(page.getByRole('heading', { name: 'Open the studio with its launch link' })).toBeVisible();
  });
});

/** Raw HTTP to the web app's port, with the Host a rebinding page would send. */
function probe(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('the web port refuses a foreign Host on every kind of request, and serves a configured one', async ({
  page,
  baseURL,
}) => {
  test.skip(launchToken === undefined, 'OPSTUDIO_E2E_LAUNCH_TOKEN is not set: run through npm test');
  const port = Number(new URL(baseURL!).port);
  const attacker = {
    host: `r.attacker.example:${port}`,
    origin: `http://r.attacker.example:${port}`,
    'sec-fetch-site': 'same-origin',
    cookie: `opstudio_launch_${port}=${launchToken}`,
  };
  const live = `/api/trpc/live.subscribe?input=${encodeURIComponent(JSON.stringify({ topics: ['cluster'] }))}`;
  const requests: [string, string, Record<string, string>, string?][] = [
    [
      'POST',
      '/api/trpc/designs.delete',
      { ...attacker, 'content-type': 'application/json', 'x-opstudio-csrf': '1' },
      '{"id":"nope"}',
    ],
    ['GET', '/api/trpc/cluster.info', attacker],
    ['GET', '/api/export/nope.zip', attacker],
    ['GET', live, attacker],
    ['GET', '/', attacker],
  ];
  for (const [method, path, headers, body] of requests) {
    const answer = await probe(port, method, path, headers, body);
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toMatch(/^request for Host "r\.attacker\.example:\d+" refused: .*OPSTUDIO_ALLOWED_HOSTS\n$/);
  }
  // the name the e2e studio is configured for (OPSTUDIO_ALLOWED_HOSTS=studio.example) is served, through the browser
  await page
    .context()
    .addCookies([{ name: `opstudio_launch_${port}`, value: launchToken!, domain: ALLOWED_NAME, path: '/' }]);
  await page.goto(`http://${ALLOWED_NAME}:${port}/`);
  await expect(page.getByText(/^Connected to .* · 3\/3 nodes Ready$/)).toBeVisible({ timeout: 30_000 });
});
