// The whole story of issue 5 in a real browser against the real controller and sandbox, driven
// only through the UI: create the Memcached design from the template (its own API group: the
// sandbox is shared), install it, create a CR from the sample, set size 3 → 3 Running pods shown,
// size 5 → 5 shown (after the dry run's diff), the reconcile timeline shows the runs with their
// triggers, the Events are listed, the time axis has a bar per run and the kind page's charts
// show the reconciles. Every step leaves a screenshot in the test's output folder; the main ones go to
// docs/screenshots/ for the README.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { docsScreenshots, kube, kubeconfig, removeDesign, unique, withNamespace } from './resources-helpers';
import { onTestCluster } from './cluster-url';

async function step(page: Page, name: string, forDocs?: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
  if (forDocs !== undefined) {
    fs.mkdirSync(docsScreenshots, { recursive: true });
    fs.copyFileSync(file, path.join(docsScreenshots, forDocs));
  }
}

test('design Memcached, install it, create one, scale it to 3 and 5, and watch it converge', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(300_000);
  const group = unique('cachestory');
  const namespace = unique('e2e-story-');
  const dropNamespace = await withNamespace(namespace);
  let designId: string | undefined;
  try {
    // 1. the design, from the template, with its own API group
    await page.goto('/designs');
    await page.getByRole('link', { name: 'New design' }).click();
    await page.getByRole('button', { name: 'Memcached' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click(); // the name step (issue 15, point 7)
    const groupBox = page.getByRole('textbox', { name: 'Group' });
    await expect(groupBox).toHaveValue('cache', { timeout: 60_000 });
    designId = decodeURIComponent(page.url().split('/designs/')[1] ?? '');
    await groupBox.fill(group);
    await expect(page.getByRole('region', { name: 'Design YAML' })).toContainText(`group: ${group}`, {
      timeout: 30_000,
    });
    await step(page, '01-design');

    // 2. install it
    await page.getByRole('button', { name: 'Install CRD' }).click();
    await expect(page.getByText('Established').first()).toBeVisible({ timeout: 60_000 });
    await step(page, '02-installed');

    // 3. the kind appears in the navigation; create a CR from the sample in our namespace
    const nav = page.getByRole('navigation', { name: 'Main' });
    const kindLink = nav
      .getByRole('link', { name: /^Memcached/ })
      .and(page.locator(`[href="${onTestCluster(`/resources/memcacheds.${group}.example.com`)}"]`));
    await expect(kindLink).toBeVisible({ timeout: 30_000 });
    await kindLink.click();
    await page.getByRole('combobox', { name: 'Namespace' }).selectOption(namespace);
    await page.getByRole('button', { name: 'Create from sample' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    const row = page.getByRole('row', { name: 'memcached-sample' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('Available=True')).toBeVisible({ timeout: 60_000 });
    await step(page, '03-created', 'resources-table.png');

    // 4. its page: size 3 → three Running pods
    await row.getByRole('link', { name: 'memcached-sample' }).click();
    const size = page.getByRole('spinbutton', { name: 'size' });
    await expect(size).toHaveValue('1', { timeout: 30_000 });
    const pods = page.getByRole('region', { name: 'Pods' });
    await expect(pods.getByRole('row').filter({ hasText: 'Running' })).toHaveCount(1, { timeout: 60_000 });
    await size.fill('3');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect(pods.getByRole('row').filter({ hasText: 'Running' })).toHaveCount(3, { timeout: 60_000 });
    await expect(pods.getByText('3/3 ready')).toBeVisible({ timeout: 60_000 });
    await step(page, '04-size-3');

    // 5. size 5 → five, after the dry run's diff names the one change
    await size.fill('5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('dialog')).toContainText('spec.size: 3 → 5', { timeout: 30_000 });
    await step(page, '05-apply-diff', 'apply-diff.png');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(pods.getByRole('row').filter({ hasText: 'Running' })).toHaveCount(5, { timeout: 60_000 });
    await expect(pods.getByText('5/5 ready')).toBeVisible({ timeout: 60_000 });
    await expect(size).toHaveValue('5');

    // 6. the timeline shows the runs with their triggers, newest first; the Events are listed
    const timeline = page.getByRole('region', { name: 'Reconcile timeline' });
    const runs = timeline.getByRole('listitem').filter({ hasText: 'Triggers:' });
    await expect(runs.filter({ hasText: 'Memcached created' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(runs.filter({ hasText: 'Memcached changed' }).first()).toBeVisible();
    await expect(runs.filter({ hasText: /owned Deployment memcached-sample (created|changed)/ }).first()).toBeVisible();
    await expect(timeline.getByText('Deployment memcached-sample replicas 3→5').first()).toBeVisible({
      timeout: 30_000,
    });
    expect(await runs.count()).toBeGreaterThanOrEqual(4);
    const times = await Promise.all(
      (await timeline.locator('time').all()).map(async (t) => (await t.getAttribute('datetime')) ?? ''),
    );
    expect(times, 'newest first').toEqual([...times].sort().reverse());
    const events = page.getByRole('region', { name: 'Events' });
    await expect(
      events.getByRole('row').filter({ hasText: 'Created Deployment memcached-sample' }).first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      events
        .getByRole('row')
        .filter({ hasText: /Scaled/ })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await step(page, '05-size-5', 'resource-page.png');
    await timeline.scrollIntoViewIfNeeded();
    await timeline.screenshot({ path: test.info().outputPath('06-timeline.png') });
    fs.copyFileSync(test.info().outputPath('06-timeline.png'), path.join(docsScreenshots, 'reconcile-timeline.png'));

    // the cluster agrees with what the page shows
    const { objects } = kube();
    const cr = (await objects.getNamespacedCustomObject({
      group: `${group}.example.com`,
      version: 'v1alpha1',
      namespace,
      plural: 'memcacheds',
      name: 'memcached-sample',
    })) as { spec: { size: number }; status?: { nodes?: string[] } };
    expect(cr.spec.size).toBe(5);

    // 7. the same runs on the timeline's time axis, one bar each, and the kind page's charts show them
    const views = timeline.getByRole('group', { name: 'Timeline view' });
    const bars = timeline.getByRole('list', { name: 'Runs on a time axis' }).getByRole('button');
    await expect(async () => {
      await views.getByRole('button', { name: 'List' }).click();
      const listed = await runs.count(); // a late run may land between the two counts: count again
      await views.getByRole('button', { name: 'Time axis' }).click();
      await expect(bars).toHaveCount(listed, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await timeline.screenshot({ path: path.join(docsScreenshots, 'reconcile-time-axis.png') });
    await page.goto(`/resources/memcacheds.${group}.example.com`);
    const reconciles = page
      .getByRole('region', { name: 'Controller health' })
      .getByRole('figure', { name: 'Reconciles per second' });
    await expect
      .poll(async () => Number(await reconciles.getAttribute('data-recent-peak')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await step(page, '07-kind-charts', 'kind-page.png');
  } finally {
    if (designId) await removeDesign(page.request, designId);
    await dropNamespace();
  }
});
