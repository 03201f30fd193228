// Issue 31, point 1 in a real browser: the Web app example installed with 6 WebApps (2 with
// port 80, one with a host, so an Ingress), and a draft saved as version 2 that changes the
// image, raises spec.port's minimum to 1024 and removes the Ingress child. "Changes vs cluster"
// links to the impact page: the summary, the 2 refused resources with the API server's message,
// each changed Deployment's image diff and the Ingress that would go. Install shows the same
// impact first and stays off until the refused resources are accepted; then the breaking-change
// dialog, then Established. Its own API group and namespace (the sandbox is shared); removed after.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parseDesign, serializeDesign } from '../../packages/shared/src/design/io';
import { webappDraft } from '../../packages/shared/src/impact/webapp-draft';
import { onTestCluster } from './cluster-url';
import {
  createCr,
  docsScreenshots,
  installDesign,
  kubeconfig,
  removeDesign,
  trpc,
  unique,
  webappDesign,
  withNamespace,
} from './resources-helpers';

test('the impact of a draft on live WebApps, before install: refused, changed, deleted; Install asks first', async ({
  page,
  request,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(240_000);
  const { yaml, group, crdName: name } = webappDesign('imp');
  const namespace = unique('impact-');
  const parsed = parseDesign(yaml);
  if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
  const { designId } = await installDesign(request, name, yaml);
  const dropNamespace = await withNamespace(namespace);
  try {
    const ref = { group, version: 'v1alpha1', plural: 'webapps', namespace };
    for (let i = 0; i < 6; i++)
      await createCr(ref, 'WebApp', `web-${i}`, {
        image: 'nginx:1.27',
        port: i < 2 ? 80 : 8080,
        ...(i === 3 ? { host: 'web-3.example.com' } : {}),
      });
    await trpc(request, 'designs.save', { id: designId, name, yaml: serializeDesign(webappDraft(parsed.design)) });

    // the designer's "Changes vs cluster" links to the impact page of the saved version
    await page.goto(onTestCluster(`/designs/${encodeURIComponent(designId)}`));
    await page.getByRole('tab', { name: 'Changes vs cluster' }).click();
    await page.getByRole('link', { name: 'Impact on live resources' }).click();
    await expect(page).toHaveURL(/\/impact\?version=2$/);
    const summary =
      '6 resources: 3 change 1 child (Deployment image), 1 change 2 children (Deployment image; Ingress deleted), ' +
      '2 would be refused when re-created or when spec.port changes (spec.port: should be greater than or equal to 1024)';
    await expect(page.getByRole('status').filter({ hasText: '6 resources' })).toHaveText(summary, { timeout: 60_000 });
    const refused = page.getByRole('table', { name: 'Refused resources' });
    await expect(refused.getByRole('row')).toHaveCount(3); // the head and two resources
    for (const r of ['web-0', 'web-1'])
      await expect(refused.getByRole('row').filter({ hasText: `${namespace}/${r}` })).toContainText(
        'spec.port: Invalid value: 80: spec.port in body should be greater than or equal to 1024',
      );
    const changed = page.getByRole('table', { name: 'Changed resources' });
    await expect(changed.getByRole('row')).toHaveCount(5);
    await expect(changed.getByRole('row').filter({ hasText: `${namespace}/web-3` })).toContainText('Ingress deleted');
    await expect(changed.getByRole('row').filter({ hasText: `${namespace}/web-2` })).toContainText(
      'spec.template.spec.containers[0].image: nginx:1.27 → mirror.example.com/nginx:1.27',
    );
    await expect(page.getByText(/6 checked, 0 refused/)).toBeVisible();
    await page.screenshot({ path: path.join(docsScreenshots, 'impact-page.png'), fullPage: true });

    // Install shows the impact first; the refused resources block it until accepted
    await page.getByRole('link', { name: 'Back to the designer' }).click();
    await page.getByRole('button', { name: 'Install CRD' }).click();
    const gate = page.getByRole('dialog', { name: 'Impact on live resources' });
    await expect(gate.getByRole('status')).toHaveText(summary, { timeout: 60_000 });
    const install = gate.getByRole('button', { name: 'Install' });
    await expect(install).toBeDisabled();
    await gate.getByRole('checkbox', { name: 'Install although 2 resources would be refused' }).check();
    await install.click();
    // raising a minimum is also a breaking change of the CRD (docs/design/0003)
    const breaking = page.getByRole('dialog', { name: 'Breaking changes' });
    await expect(breaking).toContainText('spec.port', { timeout: 60_000 });
    await breaking.getByRole('button', { name: 'Install anyway' }).click();
    await expect(page.getByRole('list', { name: 'Install progress' }).getByText('Established')).toBeVisible({
      timeout: 60_000,
    });
  } finally {
    await removeDesign(request, designId);
    await dropNamespace();
  }
});
