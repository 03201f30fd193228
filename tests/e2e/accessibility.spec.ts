// Issue 18, point 5: the home, designer, kind and resource pages have no serious or critical
// axe-core violations (WCAG 2.0 A/AA and 2.1 AA rules) in the light and the dark theme, chosen by
// the system setting and once by the header's switch; the switch repaints Monaco; a button
// focused from the keyboard shows its ring. One installed Memcached design (its own API group and
// namespace: the sandbox is shared) with one running resource serves all of them.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { docsScreenshots, installMemcached, kubeconfig, type InstalledMemcached } from './resources-helpers';

let memcached: InstalledMemcached | undefined;
/** The design beforeAll installed (the tests skip without a sandbox, so they never call it then). */
function installed(): InstalledMemcached {
  if (memcached === undefined) throw new Error('beforeAll installed no Memcached design');
  return memcached;
}

test.beforeAll(async ({ browser }, testInfo) => {
  if (!kubeconfig) return;
  testInfo.setTimeout(120_000);
  const context = await browser.newContext({ storageState: testInfo.project.use.storageState });
  try {
    memcached = await installMemcached(context.request, 'a11y');
    await memcached.createCr('a11y', { size: 1 });
  } finally {
    await context.close();
  }
});

test.afterAll(async ({ browser }, testInfo) => {
  if (memcached === undefined) return;
  const context = await browser.newContext({ storageState: testInfo.project.use.storageState });
  await memcached.remove(context.request);
  await context.close();
});

/** Each page, opened and waited for until its live content (and its Monaco, where it has one) is there. */
const PAGES: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByText(/^Connected to .* nodes Ready$/)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('list', { name: 'Namespaces' }).getByText(installed().namespace)).toBeVisible();
    },
  },
  {
    name: 'designer',
    open: async (page) => {
      const { designId, group } = installed();
      await page.goto(`/designs/${encodeURIComponent(designId)}`);
      await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group, { timeout: 60_000 });
      await expect(page.getByRole('region', { name: 'Design YAML' }).locator('.view-lines')).toContainText(
        `group: ${group}`,
        { timeout: 60_000 },
      );
    },
  },
  {
    name: 'kind',
    open: async (page) => {
      await page.goto(`/resources/${installed().crdName}`);
      const row = page.getByRole('table', { name: 'Memcached resources' }).getByRole('row', { name: 'a11y' });
      await expect(row.getByText('Available=True')).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'resource',
    open: async (page) => {
      const { crdName, namespace } = installed();
      await page.goto(`/resources/${crdName}/${namespace}/a11y`);
      await expect(page.getByRole('spinbutton', { name: 'size' })).toHaveValue('1', { timeout: 60_000 });
      await expect(
        page.getByRole('region', { name: 'Pods' }).getByRole('row').filter({ hasText: 'Running' }),
      ).toHaveCount(1, { timeout: 60_000 });
      await expect(page.getByRole('region', { name: 'Resource YAML' }).locator('.view-lines')).toContainText(
        'size: 1',
        { timeout: 60_000 },
      );
    },
  },
];

/** The serious and critical violations on the page as it is now, one line per element. */
const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violations on the four pages, ${colorScheme} from the system setting`, async ({
    page,
  }) => {
    test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme });
    const found: string[] = [];
    for (const { name, open } of PAGES) {
      await open(page);
      expect(await theme(page)).toBe(colorScheme);
      found.push(...(await seriousViolations(page, `${name} (${colorScheme})`)));
      // the README's dark-mode picture
      if (colorScheme === 'dark' && name === 'resource')
        await page.screenshot({ path: path.join(docsScreenshots, 'resource-page-dark.png'), fullPage: true });
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test("the header's switch turns a light system dark (Monaco too), is remembered, and the focus ring shows in both", async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'light' });
  const designer = PAGES.find((p) => p.name === 'designer');
  await designer?.open(page);
  const editor = page.getByRole('region', { name: 'Design YAML' }).locator('.monaco-editor');
  expect(await theme(page)).toBe('light');
  await expect(editor).toHaveClass(/\bvs\b/);
  await expect(ringOnKeyboardFocus(page)).resolves.toMatchObject({ style: 'solid', width: '2px' });

  const themes = page.getByRole('group', { name: 'Theme' });
  await themes.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(themes.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toHaveClass(/\bvs-dark\b/);
  const found = await seriousViolations(page, 'designer (dark by the switch)');
  expect(found, found.join('\n')).toEqual([]);
  const dark = await ringOnKeyboardFocus(page);
  expect(dark).toMatchObject({ style: 'solid', width: '2px' });
  expect(dark.color).not.toBe(dark.background);

  // remembered in this browser, applied before the page paints, and "System" gives the system's back
  await page.reload();
  expect(await theme(page)).toBe('dark');
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'System theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('region', { name: 'Design YAML' }).locator('.monaco-editor')).toHaveClass(/\bvs\b/);
});

// evaluated in the page as text: the specs compile without the DOM's types
const FOCUSED_TAG = 'document.activeElement ? document.activeElement.tagName : ""';
const FOCUSED_RING = `(() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {
    tag: el.tagName,
    style: style.outlineStyle,
    width: style.outlineWidth,
    color: style.outlineColor,
    background: getComputedStyle(document.body).backgroundColor,
  };
})()`;

/** Tabs on to the next button and reads its outline (:focus-visible needs focus moved by the keyboard). */
async function ringOnKeyboardFocus(page: Page) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate<string>(FOCUSED_TAG)) === 'BUTTON') break;
  }
  const ring = await page.evaluate<{ tag: string; style: string; width: string; color: string; background: string }>(
    FOCUSED_RING,
  );
  expect(ring.tag, 'a button has the focus').toBe('BUTTON');
  return ring;
}
