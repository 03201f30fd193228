// Layout and overview (issue 15, point 10) in a real browser against the real controller and
// sandbox: no page scrolls sideways at 1024 px (home, designs, designer, kind page, a CR's page
// with its Status and Pods tables), the designer keeps form and previews side by side at 1280 px,
// the sidebar collapses (remembered) and stays in place while the page scrolls, the home page is an
// overview with the installed kinds, their counts and the way to the designs, and an unknown
// address gets a not-found page with a way back. One API group and namespace per run, removed after.
import { expect, test, type Page } from '@playwright/test';
import { kubeconfig, memcachedDesign, unique, withMemcached } from './resources-helpers';
import { onTestCluster } from './cluster-url';

// evaluated in the page as text: the specs compile without the DOM's types
async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
  );
}

/** The innermost elements that reach past the window's right edge: what to fix when a page is too wide. */
const OVERFLOWING = `(() => {
  const edge = document.documentElement.clientWidth + 1;
  const clipped = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    return false;
  };
  return [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > edge && !clipped(e))
    .slice(-3)
    .flatMap((e) => { const out = []; for (let a = e; a && a !== document.body; a = a.parentElement) out.push(a); return out; })
    .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '') + ' w=' + Math.round(e.getBoundingClientRect().width) + ' ' + getComputedStyle(e).position);
})()`;

/** Words in the resource page's tables that the layout broke across two lines (split at spaces and hyphens). */
const BROKEN_WORDS = `(() => {
  const broken = [];
  for (const cell of document.querySelectorAll('main table td')) {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0] + ' (' + lines.size + ' lines)');
      }
    }
  }
  return broken;
})()`;

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  const culprits = scrollWidth > clientWidth ? await page.evaluate<string[]>(OVERFLOWING) : [];
  expect(
    scrollWidth,
    `${what}: the page is ${scrollWidth} px wide in a ${clientWidth} px window (${culprits.join('; ')})`,
  ).toBeLessThanOrEqual(clientWidth);
}

test('at 1024 px no page scrolls sideways, and the home page is an overview of the installed kinds', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await withMemcached(page.request, 'layout', async ({ group, namespace, designId, crdName, createCr }) => {
    // a long name: the tables must wrap or truncate it, not widen the page
    const name = `a-rather-long-memcached-name-that-does-not-fit-${group}`.slice(0, 63);
    await createCr(name, { size: 1 });

    // home: the installed kind with its count, and the ways to the designs
    await page.goto('/');
    const kinds = page.getByRole('table', { name: 'Installed kinds' });
    const row = kinds
      .getByRole('row')
      .filter({ has: page.locator(`a[href="${onTestCluster(`/resources/${crdName}`)}"]`) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('1', { timeout: 30_000 });
    await expect(row.getByRole('cell').nth(3)).toHaveText(/healthy|not ready|not reported/);
    await expect(page.getByRole('link', { name: 'All designs' })).toHaveAttribute('href', onTestCluster('/designs'));
    await expect(page.getByRole('link', { name: 'New design' })).toHaveAttribute('href', onTestCluster('/designs/new'));
    await expect(page.getByRole('region', { name: /Recent failed reconciles/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Namespaces' }).getByText(namespace, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'home');

    await page.goto('/designs');
    await expect(page.getByRole('table', { name: 'Designs' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'designs');

    await page.goto(`/designs/${designId}`);
    await expect(page.getByRole('region', { name: 'Design YAML' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Previews' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'designer');

    await page.goto(`/resources/${crdName}`);
    await expect(page.getByRole('row', { name })).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'kind page');

    await page.goto(`/resources/${crdName}/${namespace}/${name}`);
    await expect(
      page.getByRole('region', { name: 'Pods' }).getByRole('row').filter({ hasText: 'Running' }),
    ).toHaveCount(1, { timeout: 90_000 });
    await expect(page.getByRole('table', { name: 'Conditions' })).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'resource page');
    // every column is inside the window, the last ones included
    for (const header of ['Since', 'Node', 'Age']) {
      const box = await page.getByRole('columnheader', { name: header, exact: true }).first().boundingBox();
      expect(box, header).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${header} column`).toBeLessThanOrEqual(1024);
    }
    // … and narrow columns wrap between words or at hyphens, never inside one: no "Resizin g",
    // no "Lo gs" (issue 30, point 6)
    expect(await page.evaluate<string[]>(BROKEN_WORDS)).toEqual([]);
  });
});

test('at 1280 px the designer keeps the form and the previews side by side', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  await page.setViewportSize({ width: 1280, height: 800 });
  const group = unique('e2ewide');
  const saved = await page.request.post('/api/trpc/designs.save', {
    data: { name: `wide ${group}`, yaml: memcachedDesign(group) },
    headers: { 'x-opstudio-csrf': '1' },
  });
  const { result } = (await saved.json()) as { result: { data: { id: string } } };
  const id = result.data.id;
  try {
    await page.goto(`/designs/${id}`);
    const form = page.getByRole('region', { name: 'Resource', exact: true });
    const yaml = page.getByRole('region', { name: 'Design YAML' });
    const previews = page.getByRole('region', { name: 'Previews' });
    await expect(yaml).toBeVisible();
    await expect(previews).toBeVisible();
    const [f, y, p] = await Promise.all([form.boundingBox(), yaml.boundingBox(), previews.boundingBox()]);
    expect(f && y && p, 'all three are laid out').toBeTruthy();
    if (!f || !y || !p) return;
    expect(y.x, 'the YAML is right of the form').toBeGreaterThanOrEqual(f.x + f.width);
    expect(p.x, 'the previews are right of the form').toBeGreaterThanOrEqual(f.x + f.width);
    expect(y.y, 'the YAML starts level with the form, not below it').toBeLessThan(f.y + f.height);
    await expectNoSidewaysScroll(page, 'designer at 1280 px');
  } finally {
    await page.request.post('/api/trpc/designs.delete', { data: { id }, headers: { 'x-opstudio-csrf': '1' } });
  }
});

test('the sidebar collapses and expands, remembers it, and stays in place while the page scrolls', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/designs');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const collapse = nav.getByRole('button', { name: 'Collapse the sidebar' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect(collapse).toHaveAttribute('title', 'Collapse the sidebar');
  await expect(nav.getByRole('link', { name: 'Designs', exact: true })).toBeVisible();
  const wide = await nav.boundingBox();

  await collapse.click();
  const expand = nav.getByRole('button', { name: 'Expand the sidebar' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Designs', exact: true })).toBeHidden();
  const narrow = await nav.boundingBox();
  expect(narrow?.width ?? 0).toBeLessThan((wide?.width ?? 0) / 2);
  await expectNoSidewaysScroll(page, 'collapsed sidebar');

  // remembered across a reload
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Expand the sidebar' })).toHaveAttribute('aria-expanded', 'false');
  await nav.getByRole('button', { name: 'Expand the sidebar' }).click();
  await expect(nav.getByRole('button', { name: 'Collapse the sidebar' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Designs', exact: true })).toBeVisible();

  // sticky: a page taller than the window scrolls, the sidebar stays at the top of the window
  await page.evaluate(
    "document.querySelector('main').append(Object.assign(document.createElement('div'), { style: 'height: 3000px' }))",
  );
  await page.evaluate('window.scrollTo(0, 1500)');
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(1000);
  const stuck = await nav.boundingBox();
  expect(stuck?.y ?? -1, 'the sidebar top stays in the window').toBeGreaterThanOrEqual(-1);
  expect(stuck?.y ?? 99, 'the sidebar top stays in the window').toBeLessThanOrEqual(1);
  await expect(nav.getByRole('link', { name: 'Designs', exact: true })).toBeInViewport();
});

test('an unknown address shows a not-found page with a way home', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  const response = await page.goto(`/no-such-page-${Date.now().toString(36)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the overview' }).click();
  // the old address of the home, redirected to the default cluster's
  await expect(page).toHaveURL(onTestCluster('/'));
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
