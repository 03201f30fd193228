// Shared by the designer specs: a new design from the Memcached template (through the name
// step), under its own API group so specs never share a CRD on the sandbox.
import { expect, type Page } from '@playwright/test';

export const editorLines = (page: Page) => page.getByRole('region', { name: 'Design YAML' }).locator('.view-lines');

/** New design from the Memcached template with `group`; returns the design id (unsaved edits: the group). */
export async function newMemcached(page: Page, group: string): Promise<string> {
  await page.goto('/designs');
  await page.getByRole('link', { name: 'New design' }).click();
  await page.getByRole('button', { name: 'Memcached' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click(); // the name step (issue 15, point 7)
  await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue('cache', { timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Group' }).fill(group);
  await expect(editorLines(page)).toContainText(`group: ${group}`, { timeout: 60_000 });
  return decodeURIComponent(page.url().split('/designs/')[1] ?? '');
}

/**
 * New design from the template labelled `template` (whose API group is `templateGroup`) under
 * `group`; returns the design id (unsaved edits: the group).
 */
export async function newFromTemplate(
  page: Page,
  template: string,
  templateGroup: string,
  group: string,
): Promise<string> {
  await page.goto('/designs');
  await page.getByRole('link', { name: 'New design' }).click();
  await page.getByRole('button', { name: template }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click(); // the name step (issue 15, point 7)
  const groupBox = page.getByRole('textbox', { name: 'Group' });
  await expect(groupBox).toHaveValue(templateGroup, { timeout: 60_000 });
  await groupBox.fill(group);
  await expect(page.getByRole('region', { name: 'Design YAML' })).toContainText(`group: ${group}`, {
    timeout: 30_000,
  });
  return decodeURIComponent(page.url().split('/designs/')[1] ?? '');
}
