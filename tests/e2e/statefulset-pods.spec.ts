// Issue 30, point 2: the resource page of a StatefulSet operator (the replicated store example,
// with a volume claim template) lists its StatefulSet, its pods with their Logs and its claims
// Bound; and when a pod cannot be scheduled (a claim left from an earlier store of the same name
// asks for a StorageClass this cluster does not have) the page says why, under the pod. And the
// form marks an even replicas with the CRD's rule before Apply (point 4).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  createCr,
  installDesign,
  kube,
  kubeconfig,
  removeDesign,
  repo,
  unique,
  withNamespace,
} from './resources-helpers';

test('a replicated store: its pods with Logs, its claims Bound, and why a Pending pod waits', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(240_000);
  const group = unique('e2estore');
  const namespace = unique('e2e-store-');
  const yaml = fs
    .readFileSync(path.join(repo, 'examples/replicated-store.design.yaml'), 'utf8')
    .replace(/^ {2}group: storage$/m, `  group: ${group}`);
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(page.request, `store ${group}`, yaml);
  try {
    const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'replicatedstores', namespace };
    await createCr(ref, 'ReplicatedStore', 'kv', { replicas: 3 });
    await page.goto(`/resources/${crdName}/${namespace}/kv`);

    const pods = page.getByRole('region', { name: 'Pods' });
    await expect(pods.getByLabel('StatefulSet kv')).toContainText('3/3 ready', { timeout: 120_000 });
    const running = pods.getByRole('row').filter({ hasText: 'Running' });
    await expect(running).toHaveCount(3);
    for (const i of [0, 1, 2]) await expect(pods.getByRole('button', { name: `Logs of kv-${i}` })).toBeVisible();
    const claims = page.getByRole('table', { name: 'PersistentVolumeClaims' });
    for (const i of [0, 1, 2])
      await expect(claims.getByRole('row', { name: `data-kv-${i}` })).toContainText(
        new RegExp(`Bound\\s*1Gi\\s*standard\\s*kv-${i}`),
      );

    await pods.getByRole('button', { name: 'Logs of kv-1' }).click();
    const view = page.getByRole('region', { name: 'Logs of kv-1' });
    await expect(view.getByRole('combobox', { name: 'Container' })).toHaveValue('store');
    await expect(view.getByRole('log', { name: 'Log lines' })).toContainText(/\S/, { timeout: 30_000 });

    // the CRD's own rule (issue 30, point 4): an even replicas is marked at its field, with the
    // rule's message, before Apply, and Apply holds it back
    const form = page.getByRole('region', { name: 'Spec' });
    const replicas = form.getByRole('spinbutton', { name: 'replicas' });
    await expect(replicas).toHaveValue('3');
    await replicas.fill('4');
    const odd = 'replicas must be odd, so that a majority of the members is a quorum';
    await expect(form.getByRole('alert').filter({ hasText: odd })).toBeVisible({ timeout: 60_000 });
    await expect(replicas).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByRole('alert').filter({ hasText: 'Not sent' })).toHaveText(
      'Not sent: the API server would refuse this apply:',
    );
    await expect(page.getByRole('dialog')).toBeHidden();
    await replicas.fill('5');
    await expect(form.getByRole('alert').filter({ hasText: odd })).toBeHidden();
    await form.getByRole('button', { name: 'Discard' }).click();
    await expect(replicas).toHaveValue('3');

    // a claim left behind by an earlier "cache" store, of a class only its old cluster had
    await kube().core.createNamespacedPersistentVolumeClaim({
      namespace,
      body: {
        metadata: { name: 'data-cache-0' },
        spec: {
          storageClassName: 'fast-ssd',
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '1Gi' } },
        },
      },
    });
    await createCr(ref, 'ReplicatedStore', 'cache', { replicas: 1 });
    await page.goto(`/resources/${crdName}/${namespace}/cache`);
    const waiting = page.getByRole('row', { name: 'Why cache-0 is Pending' });
    await expect(waiting).toContainText(/Unschedulable: .*unbound immediate PersistentVolumeClaims/, {
      timeout: 60_000,
    });
    await expect(
      page.getByRole('table', { name: 'PersistentVolumeClaims' }).getByRole('row', { name: 'data-cache-0' }),
    ).toContainText(/Pending\s*1Gi\s*fast-ssd\s*cache-0/);
  } finally {
    await removeDesign(page.request, designId);
    await dropNamespace();
  }
});
