// Issue 15, point 3, in a real browser: edits are never lost. A rename plus Save ends "Saved"
// (it stayed "Unsaved changes" until a reload); Ctrl-S saves; a link away with unsaved changes
// asks first; a reload brings the edits back from the local draft, which can be discarded.
import { expect, test } from '@playwright/test';
import { newMemcached } from './designer-helpers';
import { removeDesign, trpc, unique } from './resources-helpers';

test('rename + Save is saved; Ctrl-S saves; leaving asks; a reload restores the draft', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await newMemcached(page, unique('unsaved'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/^Saved · version \d+$/)).toBeVisible({ timeout: 30_000 });
  try {
    const name = page.getByRole('textbox', { name: 'Design name' });
    const status = page.getByText(/^(Saved · version \d+|Unsaved changes)$/);

    // a rename, then Save: the page says Saved, and Save is disabled
    await name.fill(unique('renamed'));
    await expect(status).toHaveText('Unsaved changes');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(status).toHaveText(/^Saved · version \d+$/);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // Ctrl-S saves (the browser's own "save page" never opens)
    await page.getByRole('textbox', { name: 'Group' }).fill(unique('ctrls'));
    await expect(status).toHaveText('Unsaved changes');
    await page.keyboard.press('Control+s');
    await expect(status).toHaveText(/^Saved · version \d+$/);

    // a link away with unsaved changes asks; dismissing keeps the page and the edit
    const group = unique('draft');
    await page.getByRole('textbox', { name: 'Group' }).fill(group);
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Designs', exact: true }).first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/unsaved changes/);
    await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group);

    // a reload (or a crash) brings the edit back from the local draft
    await page.waitForTimeout(800); // the draft is written a little after the keystrokes
    page.once('dialog', (d) => void d.accept()); // beforeunload, if the browser asks
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group, { timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Restored unsaved changes' })).toBeVisible();
    await expect(status).toHaveText('Unsaved changes');

    // … and can be discarded
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect(status).toHaveText(/^Saved · version \d+$/);
    await expect(page.getByRole('textbox', { name: 'Group' })).not.toHaveValue(group);

    // issue 30, point 5: a save after the page loaded, then leave through the Designs link keeping
    // a draft, and come back through the list: the latest version (not the one cached at load),
    // with the draft put back over it
    await page.getByRole('textbox', { name: 'Group' }).fill(unique('latest'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(status).toHaveText(/^Saved · version \d+$/);
    const latest = Number(/\d+$/.exec((await status.textContent()) ?? '')?.[0]);
    const designName = await name.inputValue();
    const kept = unique('kept');
    await page.getByRole('textbox', { name: 'Group' }).fill(kept);
    await page.waitForTimeout(800); // the draft is written a little after the keystrokes
    page.once('dialog', (d) => void d.accept()); // "Leave anyway?": yes, keeping the draft
    await page.getByRole('link', { name: 'Designs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/designs$/);
    await page.getByRole('link', { name: designName, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(kept, { timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: `over version ${latest}` })).toBeVisible();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect(status).toHaveText(`Saved · version ${latest}`);

    // another tab saves a newer version: once this tab is back in front, Install and Export are
    // off and say why, and Save is refused rather than burying that version
    const current = await page.request.get(
      `/api/trpc/designs.get?input=${encodeURIComponent(JSON.stringify({ id }))}`,
      { headers: { 'x-opstudio-csrf': '1' } },
    );
    const { yaml } = ((await current.json()) as { result: { data: { yaml: string } } }).result.data;
    const elsewhere = yaml.replace(/^(\s*group: ).*$/m, `$1${unique('elsewhere')}`);
    await trpc(page.request, 'designs.save', { id, name: designName, yaml: elsewhere });
    // what the browser sends when the tab comes back to the front (react-query refetches on it)
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    const why = new RegExp(`version ${latest + 1} was saved after version ${latest}, the one shown`);
    await expect(page.getByText(why)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Export zip' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Install CRD' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Group' }).fill(unique('stale'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `version ${latest + 1} of this design was saved after version ${latest}` }),
    ).toBeVisible();
  } finally {
    await removeDesign(page.request, id);
  }
});
