// The resources pages in a real browser against the real controller and sandbox: a kind's live
// table (rows appear, change and go without a reload; delete asks first), a CR's page following
// the cluster in two tabs at once, and CRDs the studio did not install browsable read-only.
// Each test has its own API group and namespace (the sandbox is shared) and removes them after.
import { ApiextensionsV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';
import {
  createCr,
  installDesign,
  kube,
  kubeconfig,
  memcachedDesign,
  removeDesign,
  unique,
  watchExternal,
  withNamespace,
} from './resources-helpers';
import { onTestCluster } from './cluster-url';

// CRs take merge patches (not strategic merge, client-node's default)
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

test('a kind page lists its CRs live, with printer columns and conditions, and deletes after confirming', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  const group = unique('e2etable');
  const namespace = unique('e2e-table-');
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(
    page.request,
    `table ${group}`,
    memcachedDesign(group, { operand: false, columns: true }),
  );
  const { objects } = kube();
  const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace };
  const create = (name: string, size: number) => createCr(ref, 'Memcached', name, { size });
  try {
    await Promise.all([create('alpha', 1), create('beta', 2), create('gamma', 3)]);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .locator(`a[href="${onTestCluster(`/resources/${crdName}`)}"]`)
      .click();
    await page.getByRole('combobox', { name: 'Namespace' }).selectOption(namespace);
    const table = page.getByRole('table', { name: 'Memcached resources' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Size', 'Port', 'Conditions', 'Age', '']);
    await expect(table.getByRole('row', { name: 'beta' }).getByRole('cell').nth(1)).toHaveText('2', {
      timeout: 30_000,
    });
    await expect(table.getByRole('row')).toHaveCount(4); // header + 3

    // changes made elsewhere show without a reload
    await create('delta', 4);
    await expect(table.getByRole('row', { name: 'delta' })).toBeVisible({ timeout: 15_000 });
    await objects.patchNamespacedCustomObject({ ...ref, name: 'alpha', body: { spec: { size: 5 } } }, mergePatch);
    await expect(table.getByRole('row', { name: 'alpha' }).getByRole('cell').nth(1)).toHaveText('5', {
      timeout: 15_000,
    });

    // delete asks first; Cancel keeps the row, Delete removes it
    await table.getByRole('button', { name: 'Delete gamma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete gamma?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: 'gamma' })).toBeVisible();
    await table.getByRole('button', { name: 'Delete gamma' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('row', { name: 'gamma' })).toHaveCount(0, { timeout: 30_000 });
    await expect(table.getByRole('row')).toHaveCount(4);
  } finally {
    await removeDesign(page.request, designId);
    await dropNamespace();
  }
});

test('a CR page stays live in two tabs: spec, pods and timeline follow the cluster and each other', async ({
  browser,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const context = await browser.newContext({ storageState: test.info().project.use.storageState }); // the launch cookie, as every page has it
  const [one, two] = [await context.newPage(), await context.newPage()];
  const group = unique('e2etabs');
  const namespace = unique('e2e-tabs-');
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(one.request, `tabs ${group}`, memcachedDesign(group));
  const { objects } = kube();
  const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace };
  try {
    await createCr(ref, 'Memcached', 'shared', { size: 1 });
    const url = `/resources/${crdName}/${namespace}/shared`;
    await Promise.all([one.goto(url), two.goto(url)]);
    for (const page of [one, two]) {
      await expect(
        page.getByRole('region', { name: 'Pods' }).getByRole('row').filter({ hasText: 'Running' }),
      ).toHaveCount(1, { timeout: 60_000 });
    }

    // an edit made with the Kubernetes API reaches both tabs
    await objects.patchNamespacedCustomObject({ ...ref, name: 'shared', body: { spec: { size: 2 } } }, mergePatch);
    for (const page of [one, two]) {
      await expect(page.getByRole('spinbutton', { name: 'size' })).toHaveValue('2', { timeout: 30_000 });
      await expect(
        page.getByRole('region', { name: 'Pods' }).getByRole('row').filter({ hasText: 'Running' }),
      ).toHaveCount(2, { timeout: 60_000 });
    }

    // an Apply in one tab shows in the other, timeline included
    await one.getByRole('spinbutton', { name: 'size' }).fill('3');
    await one.getByRole('button', { name: 'Apply' }).click();
    await one.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect(two.getByRole('spinbutton', { name: 'size' })).toHaveValue('3', { timeout: 30_000 });
    await expect(two.getByRole('region', { name: 'Pods' }).getByRole('row').filter({ hasText: 'Running' })).toHaveCount(
      3,
      { timeout: 60_000 },
    );
    await expect(
      two.getByRole('region', { name: 'Reconcile timeline' }).getByText('Deployment shared replicas 2→3').first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      one.getByRole('region', { name: 'Reconcile timeline' }).getByText('Deployment shared replicas 2→3').first(),
    ).toBeVisible();
    await expect(two.getByLabel('Connection: Live')).toBeVisible();
  } finally {
    await removeDesign(one.request, designId);
    await dropNamespace();
    await context.close();
  }
});

test("a CR's YAML editor (Monaco with the kind's schema) follows the form and back, flags what the schema refuses, completes fields, and Apply sends it", async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const external = watchExternal(page);
  const group = unique('e2eyaml');
  const namespace = unique('e2e-yaml-');
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(
    page.request,
    `yaml ${group}`,
    memcachedDesign(group, { operand: false }),
  );
  const { objects } = kube();
  const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace };
  try {
    await createCr(ref, 'Memcached', 'typed', { size: 1 });
    await page.goto(`/resources/${crdName}/${namespace}/typed`);
    const editor = page.getByRole('region', { name: 'Resource YAML' });
    const lines = editor.locator('.view-lines');
    const size = page.getByRole('spinbutton', { name: 'size' });
    await expect(lines).toContainText('size: 1', { timeout: 60_000 });
    await expect(page.getByRole('textbox', { name: 'Resource YAML' })).toBeAttached();

    // form → YAML
    await size.fill('2');
    await expect(lines).toContainText('size: 2');
    // YAML → form
    const sizeValue = () =>
      lines.locator('.view-line').filter({ hasText: 'size:' }).locator('span span').filter({ hasText: /^\d+$/ });
    await sizeValue().dblclick();
    await page.keyboard.type('9');
    await expect(size).toHaveValue('9');
    // the kind's schema (maximum 5) flags it in the editor, from the bundled YAML worker
    const flagged = editor.locator('.squiggly-error, .squiggly-warning');
    await expect(flagged).toHaveCount(1, { timeout: 30_000 });
    await sizeValue().hover(); // the squiggle lies under the text layer: hover the flagged value
    await expect(page.locator('.monaco-hover').filter({ hasText: /maximum of 5/ })).toBeVisible();
    // so does a field the API server would prune
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('colour: blue');
    await expect(flagged).toHaveCount(2, { timeout: 30_000 });
    await page.keyboard.press('Control+Shift+k'); // Monaco: delete the line
    // completion offers the spec's other fields (on a new line under size)
    await sizeValue().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Space');
    await expect(page.locator('.suggest-widget')).toContainText('containerPort', { timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+k');
    await sizeValue().dblclick();
    await page.keyboard.type('4');
    await expect(size).toHaveValue('4');
    await expect(flagged).toHaveCount(0, { timeout: 30_000 });

    // Apply sends what the editor holds
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff (docs/design/0032-apply-diff.md)
    await expect
      .poll(
        async () =>
          ((await objects.getNamespacedCustomObject({ ...ref, name: 'typed' })) as { spec: { size: number } }).spec
            .size,
        { timeout: 30_000 },
      )
      .toBe(4);
    await expect(page.getByText('edited, not applied')).toBeHidden();
    await expect(lines).toContainText('size: 4');
  } finally {
    await removeDesign(page.request, designId);
    await dropNamespace();
  }
  expect(external, 'requests that left 127.0.0.1').toEqual([]);
});

test('a CRD the studio did not install is under "Other kinds", browsable read-only', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  const group = `${unique('e2eother')}.example.com`;
  const namespace = unique('e2e-other-');
  const dropNamespace = await withNamespace(namespace);
  const { kc } = kube();
  const crds = kc.makeApiClient(ApiextensionsV1Api);
  const crdName = `gizmos.${group}`;
  await crds.createCustomResourceDefinition({
    body: {
      metadata: { name: crdName },
      spec: {
        group,
        scope: 'Namespaced',
        names: { kind: 'Gizmo', plural: 'gizmos', singular: 'gizmo', listKind: 'GizmoList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: { spec: { type: 'object', properties: { color: { type: 'string' } } } },
              },
            },
          },
        ],
      },
    },
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
    await createCr({ group, version: 'v1', plural: 'gizmos', namespace }, 'Gizmo', 'blue-one', { color: 'blue' });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText(/^Other kinds/).click();
    await nav
      .getByRole('list', { name: 'Other kinds' })
      .locator(`a[href="${onTestCluster(`/resources/${crdName}`)}"]`)
      .click();
    await expect(page.getByText('not installed by the studio (read-only)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create from sample' })).toHaveCount(0);
    await page.getByRole('row', { name: 'blue-one' }).getByRole('link').click();
    await expect(page.getByRole('textbox', { name: 'color' })).toHaveValue('blue', { timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: 'color' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  } finally {
    await crds.deleteCustomResourceDefinition({ name: crdName }).catch(() => undefined);
    await dropNamespace();
  }
});
