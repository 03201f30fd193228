// Issue 32 in a real browser: the designer's Tests tab on the Web app template. Its cases pass
// (run in the previews' worker with the CEL module); a case added from the sample takes what
// the controller renders as its expectations ("Save as expected"); a broken template line turns
// it red with a diff of expected vs got at the field; the line fixed, every case is green again.
import { expect, test, type Page } from '@playwright/test';
import { kubeconfig, removeDesign, unique, watchExternal } from './resources-helpers';
import { newFromTemplate } from './designer-helpers';

const resource = (page: Page, id: string) => page.getByRole('listitem', { name: `Resource ${id}` });

/** The Service template's targetPort line replaced whole (no new line: Monaco would indent it its own way). */
async function setTargetPort(page: Page, line: string): Promise<void> {
  await resource(page, 'service').locator('.view-lines').getByText('targetPort', { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText(line);
  await page.keyboard.press('Escape');
}

test('the Tests tab: save a case from the preview, break a template line, see it red with its diff, fix it', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const external = watchExternal(page);
  const id = await newFromTemplate(page, 'Web app', 'web', unique('e2etests'));
  try {
    await expect(page.getByRole('region', { name: 'Previews' })).toHaveAttribute('data-cel', 'ready', {
      timeout: 60_000,
    });
    await page.getByRole('tab', { name: /^Tests/ }).click();
    const panel = page.getByRole('tabpanel');
    // the example's own cases, run in the worker
    await expect(panel.getByRole('status')).toHaveText('6 passed, 0 failed', { timeout: 30_000 });

    // a case of the sample, its expectations written from what the controller renders
    await panel.getByRole('button', { name: 'Add case from the sample' }).click();
    const sample = panel.getByRole('listitem', { name: 'Case the sample', exact: true });
    await expect(sample).toHaveAttribute('data-outcome', 'passed', { timeout: 30_000 });
    await sample.getByRole('button', { name: 'Save as expected' }).click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('7 passed, 0 failed', { timeout: 30_000 });

    // one template line broken: the case (and the example's first, which reads that field) fails
    await setTargetPort(page, 'targetPort: ${self.spec.port + 1}');
    await expect(sample).toHaveAttribute('data-outcome', 'failed', { timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Tests (2 failed)' })).toBeVisible();
    await expect(sample.getByRole('list', { name: 'Why' })).toHaveText(
      'children.service.spec.ports[0].targetPort: expected 8080, got 8081',
    );
    // its diff: expected on one side, what was rendered on the other, at the field
    await sample.getByRole('button', { name: 'Show diff' }).click();
    await expect(sample.getByRole('textbox', { name: 'Expected, the sample' })).toBeAttached({ timeout: 30_000 });
    const sides = sample.locator('.view-lines');
    await expect(sides.first()).toContainText('children.service.spec.ports[0].targetPort: 8080');
    await expect(sides.last()).toContainText('children.service.spec.ports[0].targetPort: 8081');

    // fixed: green again
    await setTargetPort(page, 'targetPort: ${self.spec.port}');
    await expect(sample).toHaveAttribute('data-outcome', 'passed', { timeout: 30_000 });
    await expect(panel.getByRole('status')).toHaveText('7 passed, 0 failed', { timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Tests', exact: true })).toBeVisible();
  } finally {
    await removeDesign(page.request, id);
  }
  expect(external, 'requests that left 127.0.0.1').toEqual([]);
});
