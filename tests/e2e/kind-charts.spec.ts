// Issue 18, point 9: after a size change, the kind page's controller-health charts show the runs
// (a non-zero point in the last minute, read from the chart's data, not its pixels), and the
// reconcile timeline's time-axis view shows exactly one bar per run listed, each telling its
// triggers on hover and on keyboard focus. The size change goes to the cluster directly: the
// charts, not the spec editor (tested by memcached-story.spec.ts), are what this test is about.
import { expect, test } from '@playwright/test';
import { kube, kubeconfig, withMemcached } from './resources-helpers';

test('the kind page charts the reconciles of a size change; the time axis has a bar per run', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  await withMemcached(page.request, 'charts', async (m) => {
    const { crdName, namespace, ref } = m;
    await m.createCr('mc', { size: 1 });
    await page.goto(`/resources/${crdName}/${namespace}/mc`);
    const running = page.getByRole('region', { name: 'Pods' }).getByRole('row').filter({ hasText: 'Running' });
    await expect(running).toHaveCount(1, { timeout: 60_000 });

    // the size change
    const { objects } = kube();
    const cr = (await objects.getNamespacedCustomObject({ ...ref, name: 'mc' })) as { spec: { size: number } };
    await objects.replaceNamespacedCustomObject({ ...ref, name: 'mc', body: { ...cr, spec: { ...cr.spec, size: 2 } } });
    await expect(running).toHaveCount(2, { timeout: 60_000 });

    // the time-axis view: one bar per run the list shows
    const timeline = page.getByRole('region', { name: 'Reconcile timeline' });
    const listed = timeline.getByRole('listitem').filter({ hasText: 'Triggers:' });
    await expect(listed.filter({ hasText: 'Memcached changed' }).first()).toBeVisible({ timeout: 30_000 });
    const views = timeline.getByRole('group', { name: 'Timeline view' });
    const bars = timeline.getByRole('list', { name: 'Runs on a time axis' }).getByRole('button');
    // a late run (the Deployment's status settling) may land between the two counts: count again
    await expect(async () => {
      await views.getByRole('button', { name: 'List' }).click();
      const runs = await listed.count();
      await views.getByRole('button', { name: 'Time axis' }).click();
      expect(runs).toBeGreaterThanOrEqual(2);
      await expect(bars).toHaveCount(runs, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(views.getByRole('button', { name: 'Time axis' })).toHaveAttribute('aria-pressed', 'true');
    // each bar names its run, outcome and triggers; focusing one shows the same words beside the axis
    await timeline
      .getByRole('button', { name: /Triggers: .*Memcached changed/ })
      .first()
      .focus();
    await expect(timeline.getByText(/^Run \d+ at .*: Success, .*Triggers: .*Memcached changed/)).toBeVisible();
    await timeline.screenshot({ path: test.info().outputPath('time-axis.png') });

    // the kind page: the reconciles chart has a non-zero point in the last minute
    await page.goto(`/resources/${crdName}`);
    const health = page.getByRole('region', { name: 'Controller health' });
    const reconciles = health.getByRole('figure', { name: 'Reconciles per second' });
    await expect
      .poll(async () => Number(await reconciles.getAttribute('data-recent-peak')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect(reconciles).toContainText(/latest: success \d/);
    for (const name of ['Reconcile duration', 'Work-queue depth', 'Retries per second'])
      await expect(health.getByRole('figure', { name })).toBeVisible();
    await health.screenshot({ path: test.info().outputPath('kind-charts.png') });
  });
});
