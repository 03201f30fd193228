// One source for the object on its page (issue 30, point 7; docs/design/0050): the CR page takes
// the object whole from its `object:` topic, fed by the controller's informer cache, so the
// header's condition badges and the Status panel show the same version, and a status write costs
// the browser no request. Twenty status writes (a resize's "Waiting for n/5 replicas"), made with
// the Kubernetes API as a controller makes them: after each, the header badge and the Status
// panel both show it, and the browser sent no `resources.get` (it used to send one per write).
import { ApiextensionsV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';
import { createCr, kube, kubeconfig, unique, withNamespace } from './resources-helpers';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

test('20 status writes reach the header badges and the Status panel alike, with no resources.get', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const group = `${unique('e2eobj')}.example.com`;
  const namespace = unique('e2e-obj-');
  const dropNamespace = await withNamespace(namespace);
  const { kc, objects } = kube();
  const crds = kc.makeApiClient(ApiextensionsV1Api);
  const crdName = `stores.${group}`;
  const ref = { group, version: 'v1', plural: 'stores', namespace };
  await crds.createCustomResourceDefinition({
    body: {
      metadata: { name: crdName },
      spec: {
        group,
        scope: 'Namespaced',
        names: { kind: 'Store', plural: 'stores', singular: 'store', listKind: 'StoreList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            subresources: { status: {} },
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: { type: 'object', properties: { size: { type: 'integer' } } },
                  status: { type: 'object', x_kubernetes_preserve_unknown_fields: true }, // client-node's spelling of x-kubernetes-preserve-unknown-fields
                },
              },
            },
          },
        ],
      },
    },
  });
  const gets: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('resources.get')) gets.push(r.url());
  });
  const condition = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    reason,
    message,
    lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  });
  try {
    await expect
      .poll(
        async () =>
          (await crds.readCustomResourceDefinition({ name: crdName })).status?.conditions?.some(
            (c) => c.type === 'Established' && c.status === 'True',
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await createCr(ref, 'Store', 'resizing', { size: 5 });
    await page.goto(`/resources/${crdName}/${namespace}/resizing`);
    const header = page.locator('h1', { hasText: 'resizing' }).locator('..');
    const status = page.getByRole('region', { name: 'Status' });
    await expect(status).toContainText('The controller has not reported on this object yet.', { timeout: 30_000 });
    const before = gets.length;

    for (let n = 1; n <= 20; n++) {
      const ready = n % 5;
      const message = `Waiting for ${ready}/5 replicas (write ${n})`;
      await objects.patchNamespacedCustomObjectStatus(
        {
          ...ref,
          name: 'resizing',
          body: {
            status: {
              conditions: [
                condition('Available', 'False', 'Resizing', message),
                condition('Ready', n === 20 ? 'True' : 'False', 'Resizing', `${ready} ready`),
              ],
              readyReplicas: ready,
            },
          },
        },
        mergePatch,
      );
      // the header's badge and the Status panel show this write: one version for both
      await expect(header.getByText('Available=False')).toHaveAttribute('title', `Resizing: ${message}`);
      await expect(status.getByRole('row', { name: /^Available/ })).toContainText(message);
    }
    await expect(header.getByText('Ready=True')).toBeVisible();
    await expect(status.getByRole('row', { name: /^Ready/ })).toContainText('True');
    await expect(status).toContainText('readyReplicas: 0');
    expect(gets.slice(before), 'resources.get requests during 20 status writes').toEqual([]);
  } finally {
    await crds.deleteCustomResourceDefinition({ name: crdName }).catch(() => undefined);
    await dropNamespace();
  }
});
