// Real sizes (issue 15, point 4): kyverno's ClusterPolicy CRD (1.4 MB, from the conformance
// corpus) uploaded in the browser, imported, edited, saved, installed and exported, under an
// API group of its own (the CRD is cluster-scoped and the sandbox is shared; it is deleted after);
// and a design over the cap (4 MiB) pasted into the YAML editor: the limit is named before any
// request, Save says why it is disabled, and the text is kept.
import fs from 'node:fs';
import path from 'node:path';
import { ApiextensionsV1Api, KubeConfig } from '@kubernetes/client-node';
import { expect, test, type Page } from '@playwright/test';
import { kubeconfig, memcachedDesign, repo, unique } from './resources-helpers';

const KYVERNO = path.resolve(repo, '../shared/conformance/crds/kyverno__clusterpolicies.kyverno.io.yaml');
const editorLines = (page: Page) => page.getByRole('region', { name: 'Design YAML' }).locator('.view-lines');
const csrf = { 'x-opstudio-csrf': '1' };

async function deleteCrd(name: string): Promise<void> {
  if (kubeconfig === undefined) return;
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  await kc
    .makeApiClient(ApiextensionsV1Api)
    .deleteCustomResourceDefinition({ name })
    .catch(() => undefined);
}

test('the kyverno ClusterPolicy CRD is imported, edited, saved, installed and exported in the browser', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(360_000);
  const group = `${unique('kyv')}.example.com`;
  const crdName = `clusterpolicies.${group}`;
  const crd = fs
    .readFileSync(KYVERNO, 'utf8')
    .replace(/^ {2}name: clusterpolicies\.kyverno\.io$/m, `  name: ${crdName}`)
    .replace(/^ {2}group: kyverno\.io$/m, `  group: ${group}`);
  expect(crd).toContain(`group: ${group}`);
  let designId: string | undefined;
  try {
    await page.goto('/designs/new');
    await page.getByLabel('Upload a CRD file').setInputFiles({
      name: 'kyverno-clusterpolicies.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(crd),
    });
    await page.waitForURL(/\/designs\/(?!new$)[^/]+$/, { timeout: 120_000 });
    designId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const kind = page.getByRole('textbox', { name: 'Kind', exact: true });
    await expect(kind).toHaveValue('ClusterPolicy', { timeout: 120_000 });
    await expect(page.getByRole('tree', { name: 'Field tree' })).toBeVisible();
    // the tree is windowed: a few dozen of its ~1,800 rows are in the page
    expect(await page.getByRole('treeitem').count()).toBeLessThan(100);

    // edit a field: the description of spec
    await page.getByRole('button', { name: 'Edit field spec', exact: true }).click();
    const field = page.getByRole('region', { name: 'Field spec' });
    await field.getByLabel('Description', { exact: true }).fill('ClusterPolicy spec, edited in the browser');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved · version 2')).toBeVisible({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Install CRD' }).click();
    const progress = page.getByRole('list', { name: 'Install progress' });
    await expect(progress.getByText('Established')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText(`Installed as ${crdName}`)).toBeVisible({ timeout: 60_000 });

    // the export link downloads a zip of the saved version
    const href = await page.getByRole('button', { name: 'Export zip' }).getAttribute('href');
    expect(href).toContain('version=2');
    const zip = await page.request.get(href ?? '', { timeout: 120_000 });
    expect(zip.status(), await zip.text()).toBe(200);
    const bytes = await zip.body();
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(10_000);
  } finally {
    if (designId !== undefined) {
      await page.request
        .post('/api/trpc/crds.uninstall', { data: { designId, deleteResources: true }, headers: csrf })
        .catch(() => undefined);
      await deleteCrd(crdName);
      for (let i = 0; i < 20; i++) {
        const res = await page.request.post('/api/trpc/designs.delete', { data: { id: designId }, headers: csrf });
        if (res.ok()) break;
        await page.waitForTimeout(500); // the CRD is still going away
      }
    } else await deleteCrd(crdName);
  }
});

test('a design over 4 MiB pasted into the editor names the limit, keeps the text and cannot be saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const yaml = memcachedDesign(unique('big'));
  const saved = await page.request.post('/api/trpc/designs.save', {
    data: { name: unique('too-big-'), yaml },
    headers: csrf,
  });
  const id = ((await saved.json()) as { result: { data: { id: string } } }).result.data.id;
  try {
    await page.goto(`/designs/${encodeURIComponent(id)}`);
    await expect(editorLines(page)).toContainText('OperatorDesign', { timeout: 60_000 });
    // 5.2 MiB: the design, then comment lines, then a marker at the very end
    const line = `# ${'x'.repeat(98)}\n`;
    const target = Math.round(5.2 * 1024 * 1024);
    const marker = '# the-last-line-of-the-pasted-text';
    const big = yaml + line.repeat(Math.floor((target - yaml.length - marker.length) / line.length)) + marker;
    await editorLines(page).click();
    await page.keyboard.press('ControlOrMeta+A');
    const pasted = Date.now();
    // a paste as the browser delivers one (strings: this file is compiled without the DOM's types)
    await page.evaluate((text) => ((globalThis as unknown as { pasted: string }).pasted = text), big);
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', window.pasted);
      document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    const alert = page.getByRole('alert').filter({ hasText: 'designs are limited to 4 MiB; this one is 5.2 MiB' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('title', 'designs are limited to 4 MiB; this one is 5.2 MiB');
    await expect(page.getByRole('button', { name: 'Install CRD' })).toBeDisabled();
    // the page did not freeze: the form answers at once, and still shows the last good design
    const kind = page.getByRole('textbox', { name: 'Kind', exact: true });
    await expect(kind).toHaveValue('Memcached');
    expect(Date.now() - pasted).toBeLessThan(30_000);
    // nothing lost: the end of the pasted text is in the editor
    await editorLines(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await expect(editorLines(page)).toContainText(marker, { timeout: 30_000 });
  } finally {
    await page.request.post('/api/trpc/designs.delete', { data: { id }, headers: csrf });
  }
});
