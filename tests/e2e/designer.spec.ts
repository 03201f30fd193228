// The designer in a real browser against the real controller and sandbox: form and YAML editor
// stay in sync both ways, undo/redo, a dry-run error from the API server lands at its field,
// "Changes vs cluster" after changing an installed design (and the confirmation that breaking
// changes need), saved versions listed, viewed and restored (History), the patch Update project…
// gives for a project exported at an earlier version, and no request ever
// leaves 127.0.0.1 (Monaco and its workers are bundled).
// Each test uses its own API group (the sandbox is shared) and removes its CRD afterwards.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiextensionsV1Api, KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from '@playwright/test';
import { editorLines, newMemcached } from './designer-helpers';
import { kubeconfig, unique, watchExternal } from './resources-helpers';

const screenshots = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

const previewPanel = (page: Page) => page.getByRole('tabpanel');

async function cleanUp(page: Page, crdName: string, designId: string) {
  if (kubeconfig === undefined) return;
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  await kc
    .makeApiClient(ApiextensionsV1Api)
    .deleteCustomResourceDefinition({ name: crdName })
    .catch(() => undefined);
  for (let i = 0; i < 20; i++) {
    const res = await page.request.post('/api/trpc/designs.delete', {
      data: { id: designId },
      headers: { 'x-opstudio-csrf': '1' },
    });
    if (res.ok()) return;
    await page.waitForTimeout(500); // the CRD is still going away
  }
}

/**
 * One designer test: a fresh Memcached design under its own API group, removed afterwards (CRD
 * and design), and no request may have left 127.0.0.1.
 */
function designerTest(title: string, what: string, body: (page: Page, group: string) => Promise<void>): void {
  test(title, async ({ page }) => {
    test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
    test.setTimeout(240_000);
    const external = watchExternal(page);
    const group = unique(`e2e${what}`);
    const id = await newMemcached(page, group);
    try {
      await body(page, group);
    } finally {
      await cleanUp(page, `memcacheds.${group}.example.com`, id);
    }
    expect(external, 'requests that left 127.0.0.1').toEqual([]);
  });
}

designerTest(
  'form and YAML stay in sync both ways, with undo and redo, and nothing loads from outside',
  'sync',
  async (page, group) => {
    // monaco-yaml runs in its bundled worker: hover docs come from the design's JSON schema
    await editorLines(page)
      .locator('.view-line')
      .filter({ hasText: 'projectName' })
      .locator('span span')
      .filter({ hasText: /^projectName$/ })
      .hover();
    await expect(page.locator('.monaco-hover').filter({ hasText: 'The project name (a DNS label)' })).toBeVisible();
    // form → YAML and previews
    const kind = page.getByRole('textbox', { name: 'Kind' });
    await kind.fill('Cachet');
    await expect(editorLines(page)).toContainText('kind: Cachet');
    await page.getByRole('tab', { name: 'CRD' }).click();
    await expect(previewPanel(page)).toContainText(`group: ${group}.example.com`);
    await expect(previewPanel(page)).toContainText('kind: Cachet');
    await page.getByRole('tab', { name: 'Sample' }).click();
    await expect(previewPanel(page)).toContainText('kind: Cachet');
    await page.getByRole('tab', { name: 'Go types' }).click();
    await expect(previewPanel(page)).toContainText('type Cachet struct');
    await page.getByRole('tab', { name: 'What the controller creates' }).click();
    await expect(previewPanel(page)).toContainText('image: memcached:1.6.26-alpine3.19');
    await page.getByRole('tab', { name: 'RBAC' }).click();
    await expect(previewPanel(page)).toContainText(`- ${group}.example.com`);

    // a new field from the form appears in the YAML
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('replicaLabel');
    await expect(editorLines(page)).toContainText('name: replicaLabel');

    // undo/redo with the keyboard outside the editor, and with the buttons
    await page.getByRole('heading', { name: 'Resource', exact: true }).click();
    await page.keyboard.press('Control+z'); // the rename
    await expect(editorLines(page)).not.toContainText('replicaLabel');
    await expect(editorLines(page)).toContainText('name: field');
    await page.keyboard.press('Control+Shift+z');
    await expect(editorLines(page)).toContainText('name: replicaLabel');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Undo' }).click(); // rename, add, kind
    await expect(kind).toHaveValue('Memcached');
    await expect(page.getByRole('button', { name: 'Edit field replicaLabel' })).toBeHidden();
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(kind).toHaveValue('Cachet');

    // YAML → form: edit the kind's value in Monaco
    await editorLines(page).click();
    await page.keyboard.press('Control+Home'); // the kind is near the top
    const kindLine = editorLines(page)
      .locator('.view-line')
      .filter({ hasText: 'kind: Cachet' })
      .filter({ hasNotText: 'list' });
    await kindLine
      .locator('span span')
      .filter({ hasText: /^Cachet$/ })
      .dblclick();
    await page.keyboard.type('Shelf');
    await expect(kind).toHaveValue('Shelf');
    // YAML that does not parse keeps the form at the last good state and says why
    await page.keyboard.type(': [');
    await expect(page.getByText('The YAML is not a valid design yet')).toBeVisible();
    await expect(kind).toHaveValue('Shelf');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace'); // `[]` (auto-closed), ` `, `:`
    await expect(page.getByText('The YAML is not a valid design yet')).toBeHidden();
    // a local validation error appears at the field in the form
    await kind.fill('shelf');
    await expect(page.getByText('kind must be UpperCamelCase, starting with a capital letter').first()).toBeVisible();
    await expect(kind).toHaveAttribute('aria-invalid', 'true');
    await kind.fill('Shelf');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved · version 2')).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'designer-sync.png') });
  },
);

designerTest(
  'saving keeps history: a version can be viewed read-only and restored as a new version',
  'hist',
  async (page, group) => {
    const kind = page.getByRole('textbox', { name: 'Kind' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved · version 2')).toBeVisible();
    await kind.fill('Cachet');
    await expect(editorLines(page)).toContainText('kind: Cachet');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved · version 3')).toBeVisible();

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const versions = page.getByRole('region', { name: 'History' }).getByRole('list', { name: 'Saved versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(3);
    await expect(versions.getByRole('listitem', { name: 'Version 3 (current)' })).toContainText(
      'kind Memcached → Cachet',
    );
    await expect(versions.getByRole('listitem', { name: 'Version 2' })).toContainText(`group cache → ${group}`);
    await expect(versions.getByRole('listitem', { name: 'Version 1' })).toContainText('created: Memcached (cache)');

    // view the first of the two saves read-only, then restore it
    const second = versions.getByRole('listitem', { name: 'Version 2' });
    await second.getByRole('button', { name: 'View' }).click();
    const yaml = second.getByLabel('Version 2 YAML');
    await expect(yaml).toContainText('kind: Memcached');
    await expect(yaml).toContainText(`group: ${group}`);
    await second.getByRole('button', { name: 'Restore version 2' }).click();
    await expect(page.getByText('Saved · version 4')).toBeVisible();
    await expect(kind).toHaveValue('Memcached');
    await expect(editorLines(page)).toContainText('kind: Memcached');
    await expect(versions.getByRole('listitem')).toHaveCount(4);
    await expect(versions.getByRole('listitem', { name: 'Version 4 (current)' })).toContainText(
      'kind Cachet → Memcached',
    );
    await page.screenshot({ path: path.join(screenshots, 'designer-history.png') });

    // Update project…: a project exported at version 1 gets the patch to version 4 (the group moved);
    // one exported at version 3 (another kind) is refused
    const recorded = async (v: number) => {
      const item = versions.getByRole('listitem', { name: new RegExp(`^Version ${v}\\b`) });
      await item.getByRole('button', { name: 'View' }).click();
      const yaml = item.getByLabel(`Version ${v} YAML`);
      await expect(yaml).toContainText('kind: OperatorDesign'); // loaded, not the placeholder
      return (await yaml.textContent()) ?? '';
    };
    const first = await recorded(1);
    const third = await recorded(3);
    await page.getByRole('button', { name: 'Update project…' }).click();
    const update = page.getByRole('dialog', { name: 'Update an exported project to version 4' });
    const pasted = update.getByRole('textbox', { name: "The project's .opstudio/design.yaml" });
    await pasted.fill(first);
    const downloaded = page.waitForEvent('download');
    await update.getByRole('button', { name: 'Download patch' }).click();
    const patch = await downloaded;
    expect(patch.suggestedFilename()).toBe('memcached-operator-update.patch');
    const text = await readFile(await patch.path(), 'utf8');
    expect(text).toMatch(/^diff --git /m);
    expect(text.split('\n').some((line) => line.startsWith('+') && line.includes(group))).toBe(true);
    await expect(update.getByRole('status')).toContainText('git apply memcached-operator-update.patch');
    await pasted.fill(third);
    await update.getByRole('button', { name: 'Download patch' }).click();
    await expect(update.getByRole('alert')).toContainText('/Cachet, this design is');
    await update.getByRole('button', { name: 'Close' }).click();
  },
);

designerTest(
  "a CEL rule over the API server's cost limit is shown at its field, before any install",
  'cel',
  async (page) => {
    await page.getByRole('button', { name: 'Edit field nodes' }).click();
    await page.getByRole('button', { name: 'Add CEL rule' }).click();
    const rule = page.getByRole('textbox', { name: 'Rule' });
    await rule.fill('self.all(x, self.all(y, self.all(z, x + y + z != "")))');
    await expect(editorLines(page)).toBeVisible();
    // the API server's own rule compiler and cost estimator run in the designer's worker
    await expect(rule).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Field nodes' }).getByText(/cost/i).first()).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'designer-dry-run-error.png') });
  },
);

designerTest(
  'install shows progress; a breaking change shows in "Changes vs cluster" and needs confirming',
  'diff',
  async (page) => {
    await page.getByRole('button', { name: 'Install CRD' }).click();
    const progress = page.getByRole('list', { name: 'Install progress' });
    await expect(progress.getByText('Established')).toBeVisible({ timeout: 60_000 });
    await expect(progress.getByText('Dry run')).toBeVisible();
    await expect(progress.getByText('NamesAccepted')).toBeVisible();
    await page.screenshot({ path: path.join(screenshots, 'designer-installed.png') });

    // lower spec.size's maximum: breaking for objects that have 5
    await page.getByRole('button', { name: 'Edit field size' }).click();
    await page.getByRole('spinbutton', { name: 'Maximum' }).fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved · version 3')).toBeVisible();
    await page.getByRole('tab', { name: 'Changes vs cluster' }).click();
    const changes = page.getByRole('table', { name: 'Changes vs cluster' });
    await expect(
      changes.getByRole('row').filter({ hasText: 'versions[v1alpha1].spec.size' }).filter({ hasText: 'breaking' }),
    ).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: path.join(screenshots, 'designer-changes.png') });

    await page.getByRole('button', { name: 'Install CRD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Breaking changes' });
    await expect(dialog).toContainText('versions[v1alpha1].spec.size');
    await dialog.getByRole('button', { name: 'Install anyway' }).click();
    await expect(progress.getByText('Established')).toBeVisible({ timeout: 60_000 });
    await expect(changes.getByRole('row').filter({ hasText: 'breaking' })).toHaveCount(0, { timeout: 30_000 });
  },
);
