// The way into a single-user studio, as its user and as a stranger: without the launch token a
// browser sees how to get in and nothing of the cluster; the ready line's URL opens the studio at
// its clean address on the launch's own <random>.localhost name, and a page on any other local
// port gets nothing usable. And the web app's port answers only for the names it serves (DNS rebinding).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { onTestCluster } from './cluster-url';
import { ALLOWED_NAME, controllerUrl, launchToken, launchUrl, loopbackUrl } from './launch';

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
    await expect(page.getByText('ready: http://<launch name>.localhost:3000/?token=…')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByText(/Connected to|nodes Ready|Namespaces/)).toHaveCount(0);
    expect(apiAnswers.filter((s) => s === 200)).toEqual([]);
    const info = await page.request.get('/api/trpc/cluster.info');
    expect(info.status()).toBe(401);
    expect(await info.text()).toContain('launch token');
  });

  test("the ready line's URL opens the studio at its clean address", async ({ page, baseURL }) => {
    test.skip(launchUrl === undefined, 'OPSTUDIO_E2E_LAUNCH_URL is not set: run through npm test');
    expect(new URL(baseURL!).hostname).toMatch(/^[a-z2-7]{26}\.localhost$/);
    await page.goto(launchUrl!);
    expect(page.url()).toBe(`${baseURL}${onTestCluster('/')}`);
    // the same link under 127.0.0.1 (an old bookmark's form) goes on to the launch host
    await page.context().clearCookies();
    await page.goto(`${loopbackUrl}/?token=${encodeURIComponent(launchToken!)}`);
    expect(page.url()).toBe(`${baseURL}${onTestCluster('/')}`);
    await expect(page.getByText(/^Connected to .* · 3\/3 nodes Ready$/)).toBeVisible({ timeout: 30_000 });
    const info = await page.request.get('/api/trpc/cluster.info');
    expect(info.status()).toBe(200);
  });

  test('a wrong token gets the same page as none', async ({ page }) => {
    test.skip(launchUrl === undefined, 'OPSTUDIO_E2E_LAUNCH_URL is not set: run through npm test');
    await page.goto('/?token=not-the-token-of-this-launch');
    await expect(page.getByRole('heading', { name: 'Open the studio with its launch link' })).toBeVisible();
    // under 127.0.0.1 too, and it is not sent on to the launch host (a wrong token learns no name)
    await page.goto(`${loopbackUrl}/?token=not-the-token-of-this-launch`);
    expect(new URL(page.url()).host).toBe(new URL(loopbackUrl).host);
    await expect(page.getByRole('heading', { name: 'Open the studio with its launch link' })).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);
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
  // (a rebinding page never gets this far, whatever it carries)
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
  // the name the e2e studio is configured for (OPSTUDIO_ALLOWED_HOSTS=studio.example) is served, through the browser,
  // and the token link leaves its cookie on that name
  await page.goto(`http://${ALLOWED_NAME}:${port}/?token=${encodeURIComponent(launchToken!)}`);
  expect(page.url()).toBe(`http://${ALLOWED_NAME}:${port}${onTestCluster('/')}`);
  await expect(page.getByText(/^Connected to .* · 3\/3 nodes Ready$/)).toBeVisible({ timeout: 30_000 });
});

/** What a page served by another local port saw: its cookies, what reached its own server, and the studio's answers. */
interface Loot {
  documentCookie: string;
  ownServerSaw: string | null;
  calls: Record<string, string>;
}

/** A stranger's server on a free loopback port: one page that reads what it can and calls the studio's two ports. */
async function strangerServer(targets: readonly string[]) {
  const requests: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const page = `<!doctype html><title>another local server</title><script type="module">
    const loot = { documentCookie: document.cookie, ownServerSaw: null, calls: {} };
    loot.ownServerSaw = (await (await fetch('/echo', { credentials: 'include' })).json()).cookie;
    for (const url of ${JSON.stringify(targets)}) {
      try {
        const res = await fetch(url, { credentials: 'include' });
        loot.calls[url] = res.status + ' ' + (await res.text()).slice(0, 200);
      } catch (err) {
        loot.calls[url] = 'blocked: ' + err.name;
      }
    }
    window.loot = loot;
  </script>`;
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/echo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ cookie: req.headers.cookie ?? null }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests, close: () => server.close() };
}

interface WireCall {
  url: string;
  status?: number;
  cookie?: string;
}

/** The page's requests to `ports` as Chromium's network layer saw them (CDP), by request id. */
async function studioWire(page: Page, ports: ReadonlySet<string>): Promise<Map<string, WireCall>> {
  const calls = new Map<string, WireCall>();
  const cdp = await page.context().newCDPSession(page);
  const sent = new Map<string, string | undefined>();
  const statuses = new Map<string, number>();
  const settle = (id: string) => {
    const call = calls.get(id);
    if (call === undefined) return;
    if (sent.has(id)) call.cookie = sent.get(id);
    if (statuses.has(id)) call.status = statuses.get(id);
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (ports.has(new URL(e.request.url).port)) calls.set(e.requestId, { url: e.request.url });
    settle(e.requestId);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    sent.set(e.requestId, e.headers.cookie ?? e.headers.Cookie);
    settle(e.requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    statuses.set(e.requestId, e.statusCode);
    settle(e.requestId);
  });
  await cdp.send('Network.enable');
  return calls;
}

test('after the ready link, a page served by another local port gets no token and cannot call either studio port', async ({
  page,
  baseURL,
}) => {
  test.skip(launchUrl === undefined, 'OPSTUDIO_E2E_LAUNCH_URL is not set: run through npm test');
  const launchHost = new URL(baseURL!).hostname;
  // the user opens the ready line's link, and the old 127.0.0.1 form of it
  await page.goto(`${loopbackUrl}/?token=${encodeURIComponent(launchToken!)}`);
  await page.goto(launchUrl!);
  await expect(page.getByText(/^Connected to .* · 3\/3 nodes Ready$/)).toBeVisible({ timeout: 30_000 });
  // the browser keeps one launch cookie: host-only on the launch host, HttpOnly, Strict, not the token
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => [c.domain, c.httpOnly, c.sameSite, c.path])).toEqual([[launchHost, true, 'Strict', '/']]);
  expect(cookies[0]?.value).not.toBe(launchToken);

  const apiPath = '/api/trpc/cluster.info';
  const targets = [loopbackUrl, controllerUrl].flatMap((u) => {
    const port = new URL(u).port;
    return [`http://127.0.0.1:${port}${apiPath}`, `http://localhost:${port}${apiPath}`];
  });
  // leave the studio's page first: its link prefetches (Next.js RSC requests to the studio's own
  // port, with the cookie, as they should) must not be counted as the stranger's calls
  await page.goto('about:blank');
  // what went over the wire for the studio's ports, CORS-blocked answers included (Playwright's
  // own events skip those): the raw status, and whether any cookie went along
  const wire = await studioWire(page, new Set(targets.map((t) => new URL(t).port)));
  const stranger = await strangerServer(targets);
  try {
    for (const name of ['127.0.0.1', 'localhost']) {
      await page.goto(`http://${name}:${stranger.port}/`);
      const handle = await page.waitForFunction(() => (globalThis as unknown as { loot?: Loot }).loot);
      const seen = (await handle.jsonValue()) as Loot;
      expect(seen.documentCookie, name).toBe('');
      expect(seen.ownServerSaw, name).toBeNull();
      for (const url of targets) expect(seen.calls[url], `${name} → ${url}`).toMatch(/^(blocked: TypeError|40[13] )/);
    }
    const carried = JSON.stringify(stranger.requests);
    expect(carried).not.toContain(launchToken!);
    expect(carried).not.toContain(cookies[0]!.value);
    expect(stranger.requests.filter((r) => r.headers.cookie !== undefined)).toEqual([]);
    // the calls reached both studio ports without a cookie and were refused there: never data
    const calls = [...wire.values()];
    expect(calls.map((c) => c.url).sort()).toEqual([...targets, ...targets].sort());
    for (const call of calls) expect(call, call.url).toEqual({ url: call.url, status: 401, cookie: undefined });
  } finally {
    stranger.close();
  }
});
