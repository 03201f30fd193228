// A diff before every apply (issue 18, point 3; docs/design/0032-apply-diff.md): Apply shows the
// API server's dry run against the live object in Monaco's diff editor with the changed fields
// listed, Confirm applies; a change made with the Kubernetes API in between is reported as a
// conflict naming the field, and Reload takes the live value. Create from sample shows the object
// it would create before creating it. The dialog keeps the keyboard inside and Esc cancels.
import AxeBuilder from '@axe-core/playwright';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import {
  createCr,
  installDesign,
  kube,
  kubeconfig,
  memcachedDesign,
  removeDesign,
  unique,
  withNamespace,
} from './resources-helpers';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

interface Spec {
  size?: number;
  containerPort?: number;
}

async function withMemcached(
  page: Page,
  what: string,
  run: (at: { crdName: string; namespace: string; ref: Ref }) => Promise<void>,
) {
  const group = unique(what);
  const namespace = unique(`e2e-${what}-`);
  const dropNamespace = await withNamespace(namespace);
  const { designId, crdName } = await installDesign(
    page.request,
    `${what} ${group}`,
    memcachedDesign(group, { operand: false }),
  );
  try {
    await run({
      crdName,
      namespace,
      ref: { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace },
    });
  } finally {
    await removeDesign(page.request, designId);
    await dropNamespace();
  }
}

type Ref = { group: string; version: string; plural: string; namespace: string };

const specOf = async (ref: Ref, name: string) =>
  ((await kube().objects.getNamespacedCustomObject({ ...ref, name })) as { spec: Spec }).spec;

/** The summary's lines and the two sides of the Monaco diff editor. */
function diffParts(dialog: Locator) {
  return {
    changes: dialog.getByRole('list', { name: 'Changes' }).getByRole('listitem'),
    editor: dialog.locator('.monaco-diff-editor'),
    before: dialog.locator('.monaco-diff-editor .editor.original .view-lines'),
    after: dialog.locator('.monaco-diff-editor .editor.modified .view-lines'),
  };
}

test('Apply shows the dry run of a size change as a diff, keeps the keyboard in the dialog, and Confirm applies it', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  await withMemcached(page, 'e2ediff', async ({ crdName, namespace, ref }) => {
    await createCr(ref, 'Memcached', 'sized', { size: 1, containerPort: 11211 });
    await page.goto(`/resources/${crdName}/${namespace}/sized`);
    const size = page.getByRole('spinbutton', { name: 'size' });
    await expect(size).toHaveValue('1', { timeout: 60_000 });

    await size.fill('3');
    await page.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply to sized' });
    const diff = diffParts(dialog);
    await expect(diff.changes).toHaveText(['spec.size: 1 → 3']);
    await expect(diff.editor).toBeVisible();
    await expect(diff.before).toContainText('size: 1');
    await expect(diff.after).toContainText('size: 3');
    await expect(diff.after).not.toContainText('resourceVersion');
    // a dry run only: nothing changed yet
    expect((await specOf(ref, 'sized')).size).toBe(1);

    await expect(dialog.getByRole('textbox', { name: /^After: the API server's dry-run answer/ })).toBeAttached();

    // no serious axe violations in the open dialog, light and dark
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      const { violations } = await new AxeBuilder({ page })
        .include('dialog[open]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${colorScheme} ${v.id}: ${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
      expect(serious, serious.join('\n')).toEqual([]);
    }

    // the keyboard stays in the dialog; Esc cancels and the draft is kept
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await confirm.focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await expect(page.locator('dialog[open] :focus')).toHaveCount(1);
    }
    await confirm.focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(size).toHaveValue('3');
    await expect(page.getByText('edited, not applied')).toBeVisible();
    expect((await specOf(ref, 'sized')).size).toBe(1);

    // Apply again, Confirm: applied, and the page follows the live object again; closing the
    // diff raised no Monaco error, and focus is back in the form, not on the page body (issue 30, point 6)
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(diff.changes).toHaveText(['spec.size: 1 → 3']);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await specOf(ref, 'sized')).size, { timeout: 30_000 }).toBe(3);
    await expect(page.getByText('edited, not applied')).toBeHidden();
    await expect(size).toHaveValue('3');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(pageErrors.filter((e) => /TextModel got disposed/.test(e))).toEqual([]);
  });
});

test('a change made with the Kubernetes API between Apply and Confirm is a conflict naming the field; Reload takes the live value', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  await withMemcached(page, 'e2econflict', async ({ crdName, namespace, ref }) => {
    const { objects } = kube();
    const kubectl = (spec: Spec) =>
      objects.patchNamespacedCustomObject({ ...ref, name: 'raced', body: { spec } }, mergePatch);
    await createCr(ref, 'Memcached', 'raced', { size: 1, containerPort: 11211 });
    await page.goto(`/resources/${crdName}/${namespace}/raced`);
    const size = page.getByRole('spinbutton', { name: 'size' });
    const port = page.getByRole('spinbutton', { name: 'containerPort' });
    await expect(size).toHaveValue('1', { timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Apply to raced' });
    const meanwhile = dialog.getByRole('list', { name: 'Changed meanwhile' }).getByRole('listitem');

    // the same field: changed while the diff is open → Confirm is refused, the draft kept, Reload takes the live value
    await size.fill('4');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(diffParts(dialog).changes).toHaveText(['spec.size: 1 → 4']);
    await kubectl({ size: 2 });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('alert')).toContainText('the object changed since you started editing');
    await expect(meanwhile).toHaveText(['spec.size: 1 → 2']);
    await expect(dialog).toContainText('your edits to spec.size are dropped');
    expect((await specOf(ref, 'raced')).size).toBe(2);
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(dialog).toBeHidden();
    await expect(size).toHaveValue('2');
    await expect(page.getByRole('status').filter({ hasText: 'Dropped, changed meanwhile: spec.size' })).toBeVisible();
    await expect(page.getByText('edited, not applied')).toBeHidden();

    // another field: the conflict shows already on Apply (the dry run), Reload keeps the edit on top
    await size.fill('3');
    await kubectl({ containerPort: 11300 });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(meanwhile).toHaveText(['spec.containerPort: 11211 → 11300']);
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(size).toHaveValue('3');
    await expect(port).toHaveValue('11300');
    await expect(page.getByRole('status').filter({ hasText: 'Your edits kept: spec.size' })).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(diffParts(dialog).changes).toHaveText(['spec.size: 2 → 3']);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => specOf(ref, 'raced'), { timeout: 30_000 }).toEqual({ size: 3, containerPort: 11300 });
  });
});

test('Create from sample shows the object the API server would create, and creates it on Confirm', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  await withMemcached(page, 'e2esample', async ({ crdName, namespace, ref }) => {
    await page.goto(`/resources/${crdName}`);
    await page.getByRole('combobox', { name: 'Namespace' }).selectOption(namespace);
    await page.getByRole('button', { name: 'Create from sample' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create this Memcached' });
    const diff = diffParts(dialog);
    await expect(diff.changes.filter({ hasText: /^spec: added/ })).toHaveCount(1);
    await expect(diff.editor).toBeVisible();
    await expect(diff.after).toContainText('name: memcached-sample');
    await expect(diff.before).toHaveText('');
    // a dry run only: nothing created yet
    const { items } = (await kube().objects.listNamespacedCustomObject(ref)) as { items: unknown[] };
    expect(items).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Created memcached-sample' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('row', { name: 'memcached-sample' })).toBeVisible({ timeout: 30_000 });
  });
});
