// Issue 31, point 4 in a real browser (docs/design/0055): the Web app example installed with 3
// WebApps and a version 2 whose Deployment image does not exist (kwok cannot pull
// `*:does-not-exist`). On the kind page the Revision column reads 1 for each; Start rollout of
// revision 2 with a canary of 1 moves web-0 (`2 (rollout)`), pauses saying its pod cannot pull the
// image, and Rollback brings it back to 1; web-0's page says which revision it runs and its
// timeline shows the run at revision 2. Its own API group and namespace; removed after.
import { expect, test } from '@playwright/test';
import { onTestCluster } from './cluster-url';
import {
  createCr,
  installDesign,
  kubeconfig,
  removeDesign,
  trpc,
  unique,
  webappDesign,
  withNamespace,
} from './resources-helpers';

test('a rollout on the kind page: the canary pauses on an image that does not exist, Rollback returns it', async ({
  page,
  request,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const { yaml, group, crdName: name } = webappDesign('roll');
  const namespace = unique('rollout-');
  const bad = yaml.replace('image: ${self.spec.image}', 'image: registry.invalid/webapp:does-not-exist');
  expect(bad).not.toBe(yaml);
  const { designId } = await installDesign(request, name, yaml);
  const dropNamespace = await withNamespace(namespace);
  try {
    const ref = { group, version: 'v1alpha1', plural: 'webapps', namespace };
    for (let i = 0; i < 3; i++) await createCr(ref, 'WebApp', `web-${i}`, { image: 'nginx:1.27' });
    await trpc(request, 'designs.save', { id: designId, name, yaml: bad });

    await page.goto(onTestCluster(`/resources/${name}`));
    const panel = page.getByRole('region', { name: 'Revisions' });
    await expect(panel).toContainText('Current revision 1', { timeout: 30_000 });
    const table = page.getByRole('table', { name: 'WebApp resources' });
    await expect(table.getByRole('row', { name: 'web-0' })).toContainText('1');

    await panel.getByLabel('Roll out revision').selectOption('2');
    await panel.getByLabel('Canary').fill('1');
    await panel.getByRole('button', { name: 'Start rollout' }).click();
    const rollout = panel.getByRole('status', { name: 'Rollout' });
    await expect(rollout).toContainText(
      `paused: ${namespace}/web-0: Deployment web-0-deployment: pod web-0-deployment-`,
      {
        timeout: 60_000,
      },
    );
    await expect(rollout).toContainText(
      'ImagePullBackOff: Back-off pulling image "registry.invalid/webapp:does-not-exist"',
    );
    await expect(table.getByRole('row', { name: 'web-0' })).toContainText('2 (rollout)');
    await expect(table.getByRole('row', { name: 'web-1' })).not.toContainText('(rollout)');

    await panel.getByRole('button', { name: 'Rollback' }).click();
    await expect(rollout).toHaveText('Rollout: rolled back to revision 1', { timeout: 15_000 });
    await expect(table.getByRole('row', { name: 'web-0' })).not.toContainText('(rollout)');

    await table.getByRole('link', { name: 'web-0' }).click();
    await expect(page.getByRole('region', { name: 'Revision' })).toContainText('Runs revision 1 of its design');
    await expect(page.getByRole('list', { name: 'Runs' })).toContainText('revision 2', { timeout: 15_000 });
  } finally {
    await removeDesign(request, designId);
    await dropNamespace();
  }
});
