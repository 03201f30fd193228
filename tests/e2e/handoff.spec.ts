// Issue 18, point 4: "Pause the embedded controller" on the kind page (docs/design/0030). Paused,
// the page says so, the kind's hand-off Lease is released (read from the Kubernetes API) and a
// size change is not reconciled; resumed, the embedded controller takes the kind back and
// reconciles the change.
import { AppsV1Api, CoordinationV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';
import { handOffHolder } from '../../packages/shared/src/kube/handoff';
import { kube, kubeconfig, trpc, withMemcached } from './resources-helpers';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
// where the e2e studio keeps its Leases (its OPSTUDIO_LEASE_NAMESPACE, unset: default)
const leaseNamespace = process.env.OPSTUDIO_LEASE_NAMESPACE ?? 'default';

test('Pause stops the embedded controller for a kind and releases its Lease; Resume reconciles again', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const { kc, objects } = kube();
  const [apps, leases] = [kc.makeApiClient(AppsV1Api), kc.makeApiClient(CoordinationV1Api)];
  await withMemcached(page.request, 'handoff', async ({ crdName, namespace, ref, createCr }) => {
    const replicas = () =>
      apps
        .readNamespacedDeployment({ name: 'mc', namespace })
        .then((d) => d.spec?.replicas)
        .catch(() => undefined);
    const holder = () =>
      leases
        .readNamespacedLease({ name: crdName, namespace: leaseNamespace })
        .then((l) => handOffHolder(l.spec, Date.now()).side)
        .catch(() => 'none');
    try {
      await createCr('mc', { size: 1 });
      await page.goto(`/resources/${crdName}`);
      const controller = page.getByRole('status', { name: 'Controller' });
      await expect(controller).toContainText('Reconciled by the embedded controller', { timeout: 30_000 });
      await expect.poll(replicas, { timeout: 30_000 }).toBe(1);

      await controller.getByRole('button', { name: 'Pause the embedded controller' }).click();
      await expect(controller).toContainText(
        /^Embedded controller paused by .+: no controller reconciles this kind now/,
        {
          timeout: 15_000,
        },
      );
      await expect.poll(holder, { timeout: 15_000 }).toBe('none');
      await objects.patchNamespacedCustomObject({ ...ref, name: 'mc', body: { spec: { size: 3 } } }, mergePatch);
      // a running controller follows a size change within a second or two: give it several
      await page.waitForTimeout(6_000);
      expect(await replicas(), 'the Deployment while paused').toBe(1);

      await controller.getByRole('button', { name: 'Resume the embedded controller' }).click();
      await expect(controller).toContainText('Reconciled by the embedded controller', { timeout: 30_000 });
      expect(await holder()).toBe('studio');
      await expect.poll(replicas, { timeout: 30_000 }).toBe(3);
    } finally {
      // a failed run must not leave the kind paused (the row outlives the uninstall)
      await trpc(page.request, 'controllers.resume', { crdName }).catch(() => undefined);
    }
  });
});
