// The home page in a real browser against the real sandbox: the cluster headline with live node
// readiness, and a namespace created through the Kubernetes API appearing without a reload.
import path from 'node:path';
import { CoreV1Api, KubeConfig, VersionApi } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';

const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
const screenshots = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

function cluster() {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig ?? '');
  return { kc, server: (kc.getCurrentCluster()?.server ?? '').replace(/\/+$/, '') };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

test('the home page shows the cluster and lists a new namespace live', async ({ page }) => {
  test.skip(
    !kubeconfig,
    'OPSTUDIO_KUBECONFIG is not set: run through npm test, which starts the sandbox, controller and web app',
  );
  const { kc, server } = cluster();
  const { gitVersion } = await kc.makeApiClient(VersionApi).getCode();
  const core = kc.makeApiClient(CoreV1Api);

  const external: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    // the studio itself is on its launch host, <random>.localhost: loopback too
    const local = ['127.0.0.1', 'localhost'].includes(url.hostname) || url.hostname.endsWith('.localhost');
    if (!local && url.protocol !== 'data:') external.push(r.url());
  });

  await page.goto('/');
  const headline = new RegExp(`^Connected to ${escape(server)} · Kubernetes ${escape(gitVersion)} · 3/3 nodes Ready$`);
  expect(server).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  await expect(page.getByText(headline)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Connection: Live')).toBeVisible();

  const namespaces = page.getByRole('list', { name: 'Namespaces' });
  await expect(namespaces.getByText('default', { exact: true })).toBeVisible();

  const name = `e2e-home-${Date.now().toString(36)}`;
  await core.createNamespace({ body: { metadata: { name } } });
  try {
    const started = Date.now();
    await expect(namespaces.getByText(name, { exact: true })).toBeVisible({ timeout: 10_000 });
    test.info().annotations.push({ type: 'namespace create → visible', description: `${Date.now() - started} ms` });
    await page.screenshot({ path: path.join(screenshots, 'home.png'), fullPage: true });
  } finally {
    await core.deleteNamespace({ name }).catch(() => undefined);
  }
  // The deletion shows too (the namespace goes Terminating, then away).
  await expect(namespaces.getByText(name, { exact: true })).toBeHidden({ timeout: 60_000 });
  expect(external, 'no request leaves 127.0.0.1').toEqual([]);
});
