// Issue 18, point 2: a Running Memcached pod's logs, opened from the Pods panel, show lines (the
// sandbox's kwok serves them, packages/sandbox/src/pod-logs.ts) and follow new ones without a reload.
import { expect, test } from '@playwright/test';
import { kubeconfig, withMemcached } from './resources-helpers';

test('the logs of a Running Memcached pod show lines and follow new ones', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  await withMemcached(page.request, 'logs', async ({ crdName, namespace, createCr }) => {
    await createCr('mc', { size: 1 });
    await page.goto(`/resources/${crdName}/${namespace}/mc`);
    const pods = page.getByRole('region', { name: 'Pods' });
    const running = pods.getByRole('row').filter({ hasText: 'Running' });
    await expect(running).toHaveCount(1, { timeout: 60_000 });
    await running.getByRole('button', { name: /^Logs of / }).click();

    const view = page.getByRole('region', { name: /^Logs of / });
    await expect(view.getByRole('combobox', { name: 'Container' })).toHaveValue('memcached');
    const log = view.getByRole('log', { name: 'Log lines' });
    await expect(log).toContainText(/client connection|server listening/, { timeout: 30_000 });
    const first = (await log.textContent()) ?? '';

    // the sandbox's writer appends a round trip every 2 s: the view shows it without a reload
    await expect.poll(async () => (await log.textContent()) !== first, { timeout: 20_000 }).toBe(true);
    await expect(log).toContainText('connection closed.');

    // the previous run, and back
    await view.getByRole('checkbox', { name: 'Previous run' }).check();
    await expect(log).toContainText('previous run', { timeout: 15_000 });
    await expect(view.getByRole('checkbox', { name: 'Follow' })).toBeDisabled();
  });
});
