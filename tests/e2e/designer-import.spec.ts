// "New design" → a CRD already in the cluster: the studio reads it (crds.get) and opens the
// designer on the imported design, the same import as a pasted CRD.
import { expect, test } from '@playwright/test';
import { installDesign, memcachedDesign, removeDesign, unique } from './resources-helpers';

test('a CRD in the cluster is imported into a new design', async ({ page, request }) => {
  const group = unique('imp');
  const { designId, crdName } = await installDesign(request, `${group}-source`, memcachedDesign(group));
  let importedId: string | undefined;
  try {
    await page.goto('/designs/new');
    const select = page.getByLabel('CRD in the cluster');
    await expect(select.locator('option', { hasText: crdName })).toHaveCount(1);
    await select.selectOption(crdName);
    await page.getByRole('button', { name: 'Import from the cluster' }).click();
    await page.waitForURL(/\/designs\/(?!new$)[^/]+$/);
    importedId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await expect(page.getByRole('textbox', { name: 'Kind', exact: true })).toHaveValue('Memcached');
    await expect(page.getByRole('textbox', { name: 'Group', exact: true })).toHaveValue(group);
  } finally {
    if (importedId !== undefined)
      await request.post('/api/trpc/designs.delete', { data: { id: importedId }, headers: { 'x-opstudio-csrf': '1' } });
    await removeDesign(request, designId);
  }
});
