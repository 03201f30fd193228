// Issue 31, point 3: the kind page's storage migration (docs/design/0054). A kind installed at
// v1alpha1 with 150 objects gets v1 as its storage version; the page says the migration stands at
// "Migrate objects", Migrate has the cluster's own storage migrator (the sandbox serves
// storagemigration.k8s.io) rewrite every object with a progress bar to 150 of 150; the cluster
// drops v1alpha1 from status.storedVersions itself, so the page moves on to Unserve; each step's
// button (unserve, remove) moves it on, checked on the CRD through the Kubernetes API, and every
// object still reads at v1. (The studio's own pass and its trim: migration.int.test.ts.)
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';
import { parse, stringify } from 'yaml';
import {
  createCr,
  installDesign,
  kube,
  kubeconfig,
  memcachedDesign,
  removeDesign,
  trpc,
  unique,
} from './resources-helpers';

const COUNT = 150;

test('the kind page walks a storage migration: progress bar, storedVersions [v1], v1alpha1 removed', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const group = unique('mig');
  const yaml = memcachedDesign(group, { operand: false });
  const name = `memcached-${group}`;
  const { designId, crdName } = await installDesign(page.request, name, yaml);
  const { kc, objects } = kube();
  const crds = kc.makeApiClient(ApiextensionsV1Api);
  try {
    const fullGroup = crdName.slice(crdName.indexOf('.') + 1);
    const ref = { group: fullGroup, version: 'v1alpha1', plural: 'memcacheds', namespace: 'default' };
    for (let i = 0; i < COUNT; i += 25)
      await Promise.all(Array.from({ length: 25 }, (_, j) => createCr(ref, 'Memcached', `m-${i + j}`, { size: 1 })));

    // the same schema at v1, now the storage version (no conversion rules needed: identical)
    const design = parse(yaml) as { crd: { versions: { name: string; storage: boolean }[] } };
    const alpha = design.crd.versions[0]!;
    design.crd.versions = [
      { ...alpha, storage: false },
      { ...alpha, name: 'v1', storage: true },
    ];
    await trpc(page.request, 'designs.save', { id: designId, name, yaml: stringify(design) });
    const installed = await trpc<{ operation: { state: string; steps: { message: string }[] } }>(
      page.request,
      'crds.install',
      { designId, confirmBreaking: true },
    );
    expect(installed.operation.state, installed.operation.steps.at(-1)?.message).toBe('succeeded');

    await page.goto(`/resources/${crdName}`);
    const migration = page.getByRole('region', { name: 'Storage migration' });
    await expect(migration.locator('[aria-current="step"]')).toHaveText('Migrate objects', { timeout: 30_000 });
    await expect(migration.getByRole('status')).toContainText('objects may be stored at v1alpha1: rewrite them at v1');

    await migration.getByRole('button', { name: 'Migrate' }).click();
    const bar = migration.getByRole('progressbar', { name: 'Objects migrated' });
    await expect(bar).toHaveAttribute('max', String(COUNT), { timeout: 30_000 });
    await expect(bar).toHaveAttribute('value', String(COUNT), { timeout: 60_000 });
    await expect(migration).toContainText(`${COUNT} of ${COUNT} objects`);
    await expect(migration).toContainText("by the cluster's storage migrator");
    await expect(migration.locator('[aria-current="step"]')).toHaveText('Unserve', { timeout: 30_000 });
    expect((await crds.readCustomResourceDefinition({ name: crdName })).status?.storedVersions).toEqual(['v1']);

    await migration.getByRole('button', { name: 'Unserve v1alpha1' }).click();
    await expect(migration.locator('[aria-current="step"]')).toHaveText('Remove', { timeout: 15_000 });
    await migration.getByRole('button', { name: 'Remove v1alpha1' }).click();
    await expect(migration.getByRole('status')).toHaveText('migrated to v1; v1alpha1 removed', { timeout: 15_000 });
    const crd = await crds.readCustomResourceDefinition({ name: crdName });
    expect(crd.spec.versions.map((v) => v.name)).toEqual(['v1']);

    // the API server answers 429 "storage is (re)initializing" for a moment after the CRD's update
    const list = () =>
      objects.listClusterCustomObject({ group: fullGroup, version: 'v1', plural: 'memcacheds' }) as Promise<{
        items: { spec: { size: number } }[];
      }>;
    await expect
      .poll(
        async () => {
          try {
            return (await list()).items.length;
          } catch (e) {
            if ((e as { code?: number }).code === 429) return 429;
            throw e;
          }
        },
        {
          timeout: 30_000,
        },
      )
      .toBe(COUNT);
    const all = await list();
    expect(all.items).toHaveLength(COUNT);
    expect(all.items.every((o) => o.spec.size === 1)).toBe(true);
  } finally {
    await removeDesign(page.request, designId);
  }
});
