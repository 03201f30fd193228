// A CR page whose live connection is cut for real (a TCP proxy in front of the web app drops
// every socket and refuses new ones) while the controller keeps reconciling: the page says it
// lost contact, reconnects by itself once the network is back, and its Reconcile timeline then
// shows every run the controller recorded meanwhile, each exactly once; the pods converge.
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { kube, kubeconfig, withMemcached } from './resources-helpers';
import { TcpProxy } from '../../apps/controller/testing/tcp-proxy';
import { ALLOWED_NAME, launchToken } from './launch';
import { CONNECTION_DROPPED } from '../../apps/web/features/live/live-state';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** The run ids the controller recorded for the object, from the database (history.runs over HTTP, not through the proxy). */
async function recordedRunIds(request: APIRequestContext, uid: string): Promise<number[]> {
  const input = encodeURIComponent(JSON.stringify({ uid, limit: 500 }));
  const res = await request.get(`/api/trpc/history.runs?input=${input}`);
  const body = (await res.json()) as { result?: { data: { runs: { id: number }[] } } };
  if (body.result === undefined) throw new Error(`history.runs: HTTP ${res.status()}`);
  return body.result.data.runs.map((r) => r.id).sort((a, b) => b - a);
}

test('a cut live connection reconnects by itself and the timeline misses no run and shows none twice', async ({
  page,
  baseURL,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(240_000);
  const web = new URL(baseURL ?? 'http://127.0.0.1:3100');
  // the web app listens on 127.0.0.1 (the base URL's launch host is the browser's name for it)
  const proxy = new TcpProxy({ host: '127.0.0.1', port: Number(web.port) });
  // the proxy listens on a port the studio does not serve under 127.0.0.1 (the Host allow-list):
  // the browser goes through it by the name the e2e studio is configured for, entering by the
  // token link there, which leaves the launch cookie on that name
  const proxyUrl = `http://${ALLOWED_NAME}:${await proxy.listen(0)}`;
  await page.goto(`${proxyUrl}/?token=${encodeURIComponent(launchToken ?? '')}`);
  const { objects } = kube();
  await withMemcached(page.request, 'resume', async ({ crdName, namespace, ref, createCr }) => {
    await createCr('steady', { size: 1 });
    const cr = (await objects.getNamespacedCustomObject({ ...ref, name: 'steady' })) as { metadata: { uid: string } };
    const uid = cr.metadata.uid;

    await page.goto(`${proxyUrl}/resources/${crdName}/${namespace}/steady`);
    const pods = page.getByRole('region', { name: 'Pods' });
    const runItems = page.getByRole('region', { name: 'Reconcile timeline' }).locator('li[aria-label^="Run "]');
    // read in one go in the page (the list may be changing under us)
    const shownRunIds = async () =>
      (
        await runItems.evaluateAll((items: { getAttribute: (name: string) => string | null }[]) =>
          items.map((li) => Number(li.getAttribute('aria-label')?.slice(4))),
        )
      ).sort((a, b) => b - a);
    await expect(pods.getByRole('row').filter({ hasText: 'Running' })).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByLabel('Connection: Live')).toBeVisible();
    await expect(runItems.first()).toBeVisible({ timeout: 30_000 });
    const before = await recordedRunIds(page.request, uid);

    // the network goes away; meanwhile the object is scaled with the Kubernetes API
    const cutAt = Date.now();
    await proxy.cut();
    try {
      await expect(page.getByLabel('Connection: Controller offline')).toBeVisible({ timeout: 15_000 });
      // said in words (tRPC's own for a dropped EventSource is "Unknown error")
      await expect(page.getByRole('navigation').getByText(`Kinds unavailable: ${CONNECTION_DROPPED}`)).toBeVisible();
      await expect(page.getByText('Unknown error')).toHaveCount(0);
      test
        .info()
        .annotations.push({ type: 'connection cut → "offline" shown', description: `${Date.now() - cutAt} ms` });
      await objects.patchNamespacedCustomObject({ ...ref, name: 'steady', body: { spec: { size: 3 } } }, mergePatch);
      // the controller reconciles while the page cannot hear it: wait until it has recorded the scale-up
      await expect
        .poll(async () => (await recordedRunIds(page.request, uid)).length, { timeout: 60_000 })
        .toBeGreaterThan(before.length + 1);
      await page.waitForTimeout(3_000); // a few seconds more offline: the Deployment's status runs land too
      await expect(page.getByRole('spinbutton', { name: 'size' })).toHaveValue('1'); // really cut: nothing reached the page
      expect(await shownRunIds()).toEqual(before);
    } finally {
      await proxy.listen();
    }

    const restoredAt = Date.now();
    await expect(page.getByLabel('Connection: Live')).toBeVisible({ timeout: 60_000 });
    test.info().annotations.push({ type: 'network back → "Live" shown', description: `${Date.now() - restoredAt} ms` });
    await expect(pods.getByRole('row').filter({ hasText: 'Running' })).toHaveCount(3, { timeout: 60_000 });
    await expect(page.getByRole('spinbutton', { name: 'size' })).toHaveValue('3', { timeout: 30_000 });
    // every recorded run shown, none twice (runs may still be arriving: compare until they settle)
    await expect
      .poll(
        async () => {
          const [shown, recorded] = [await shownRunIds(), await recordedRunIds(page.request, uid)];
          return {
            duplicates: shown.length - new Set(shown).size,
            missing: recorded.filter((id) => !shown.includes(id)),
            extra: shown.filter((id) => !recorded.includes(id)),
          };
        },
        { timeout: 30_000 },
      )
      .toEqual({ duplicates: 0, missing: [], extra: [] });
    const recorded = await recordedRunIds(page.request, uid);
    expect(recorded.length, 'runs recorded while the page was cut off').toBeGreaterThan(before.length);
    await expect(
      page.getByRole('region', { name: 'Reconcile timeline' }).getByText('Deployment steady replicas 1→3').first(),
    ).toBeVisible();
    test
      .info()
      .annotations.push({ type: 'runs before the cut / after', description: `${before.length} / ${recorded.length}` });
  }).finally(() => proxy.cut());
});
