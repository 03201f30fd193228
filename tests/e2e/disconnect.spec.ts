// The API server goes away under an open page: the page says "Disconnected from the cluster"
// instead of crashing, and recovers by itself when the API server is back, live updates included.
// It stops the test sandbox for real, so it only runs against the test sandbox (never another cluster).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';

const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
const repo = path.resolve(import.meta.dirname, '../..');
const screenshots = path.join(repo, 'artifacts/screenshots');

function sandbox(verb: 'up' | 'down') {
  execFileSync(
    process.execPath,
    [path.join(repo, 'apps/controller/bin/opstudio.js'), 'sandbox', verb, '--profile', 'test'],
    { stdio: 'pipe', timeout: 120_000 },
  );
}

test('the page shows a lost API server and recovers by itself', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig ?? '');
  test.skip(
    kc.getCurrentContext() !== 'opstudio-sandbox-test',
    'stops the cluster: runs only against the test sandbox',
  );
  test.setTimeout(240_000);

  await page.goto('/');
  await expect(
    page.getByText(/^Connected to https:\/\/127\.0\.0\.1:\d+ · Kubernetes v\S+ · 3\/3 nodes Ready$/),
  ).toBeVisible({ timeout: 30_000 });

  const stoppedAt = Date.now();
  sandbox('down');
  try {
    await expect(page.getByText('Disconnected from the cluster', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Connection: Cluster offline')).toBeVisible();
    // The last known lists stay on screen.
    await expect(page.getByRole('list', { name: 'Namespaces' }).getByText('default', { exact: true })).toBeVisible();
    test.info().annotations.push({
      type: 'API server stopped → "Disconnected" shown',
      description: `${Date.now() - stoppedAt} ms`,
    });
    await page.screenshot({ path: path.join(screenshots, 'home-disconnected.png'), fullPage: true });
  } finally {
    sandbox('up');
  }
  const upAt = Date.now();
  await expect(
    page.getByText(/^Connected to https:\/\/127\.0\.0\.1:\d+ · Kubernetes v\S+ · 3\/3 nodes Ready$/),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Connection: Live')).toBeVisible();
  test.info().annotations.push({ type: 'sandbox up → "Connected" shown', description: `${Date.now() - upAt} ms` });

  // Live updates flow again without a reload.
  const name = `e2e-back-${Date.now().toString(36)}`;
  const core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name } } });
  try {
    await expect(page.getByRole('list', { name: 'Namespaces' }).getByText(name, { exact: true })).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await core.deleteNamespace({ name }).catch(() => undefined);
  }
});
