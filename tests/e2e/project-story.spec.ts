// Issue 29, part 7 in a real browser: the Project template (a cluster-scoped kind, docs/design/0039
// to 0043) from New design to a deleted Project. Install (its permissions confirmed: it writes
// Namespaces and binds the ClusterRole edit), create a Project from the sample (three members),
// and its resource page lists under Owned objects its Namespace and, in it, the quota (from the
// ConfigMap of defaults), the LimitRange, the NetworkPolicy and the three RoleBindings grouped as
// the collection `members`. Remove a member in the form → their RoleBinding goes; untick
// `isolated` → the NetworkPolicy goes; delete the Project → its Namespace goes Terminating, then
// away (the sandbox's namespace controller empties it). Its own API group; removes what it made.
import { expect, test } from '@playwright/test';
import { kube, kubeconfig, removeDesign, unique, watchExternal } from './resources-helpers';
import { onTestCluster } from './cluster-url';
import { newFromTemplate } from './designer-helpers';

/** The ConfigMap of defaults the quota reads (default/project-defaults); returns its clean-up (none if it was there). */
async function withDefaults(): Promise<() => Promise<void>> {
  const { core } = kube();
  const made = await core
    .createNamespacedConfigMap({
      namespace: 'default',
      body: { metadata: { name: 'project-defaults' }, data: { cpu: '4', memory: '8Gi' } },
    })
    .then(
      () => true,
      () => false,
    );
  return async () => {
    if (made) await core.deleteNamespacedConfigMap({ name: 'project-defaults', namespace: 'default' }).catch(() => 0);
  };
}

/** What `kubectl get namespace <name>` says: its phase, or 'absent'. */
async function namespacePhase(name: string): Promise<string> {
  const { core } = kube();
  return core.readNamespace({ name }).then(
    (ns) => ns.status?.phase ?? 'unknown',
    () => 'absent',
  );
}

test('Project: install, create with three members, and its Namespace, quota and RoleBindings follow the spec', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(360_000);
  const external = watchExternal(page);
  const group = unique('e2eproj');
  const dropDefaults = await withDefaults();
  let designId: string | undefined;
  try {
    designId = await newFromTemplate(page, 'Project', 'platform', group);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Saved · version/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Install CRD' }).click();
    // it writes Namespaces and binds ClusterRole edit: the permissions are shown and confirmed
    const grant = page.getByRole('dialog', { name: 'Permissions to grant' });
    await expect(grant).toContainText('creates and deletes Namespaces', { timeout: 60_000 });
    await expect(grant).toContainText('binds the role(s) it names');
    await grant.getByRole('button', { name: 'Install anyway' }).click();
    await expect(page.getByText('Established').first()).toBeVisible({ timeout: 60_000 });

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator(`[href="${onTestCluster(`/resources/projects.${group}.example.com`)}"]`).click();
    await page.getByRole('button', { name: 'Create from sample' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click(); // the dry run's diff
    const row = page.getByRole('row', { name: 'project-sample' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('link', { name: 'project-sample' }).click();

    // its Namespace, and inside it the quota, the limits, the NetworkPolicy and a RoleBinding per member, grouped
    const owned = page.getByRole('region', { name: 'Owned objects' });
    const ownedRow = (kind: string, name: string) => owned.getByRole('row', { name: `${kind} ${name}`, exact: true });
    await expect(ownedRow('Namespace', 'project-project-sample')).toBeVisible({ timeout: 60_000 });
    for (const [kind, name] of [
      ['ResourceQuota', 'project-sample-quota'],
      ['LimitRange', 'project-sample-limits'],
      ['NetworkPolicy', 'default-deny'],
    ] as const) {
      await expect(ownedRow(kind, name)).toBeVisible({ timeout: 30_000 });
      await expect(ownedRow(kind, name)).toContainText(`project-project-sample/${name}`);
    }
    const members = owned.getByRole('rowgroup', { name: 'Collection members' });
    await expect(members.getByRole('rowheader')).toHaveText('members (3 RoleBindings)', { timeout: 30_000 });
    for (const user of ['alice', 'bob', 'carol'])
      await expect(members.getByRole('row', { name: `RoleBinding member-${user}` })).toBeVisible();

    // a member leaves: their RoleBinding goes, the others stay
    const form = page.getByRole('region', { name: 'Spec' });
    await form
      .getByRole('group', { name: 'members', exact: true })
      .getByRole('button', { name: 'Remove members 2' })
      .click();
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(members.getByRole('row', { name: 'RoleBinding member-bob' })).toHaveCount(0, { timeout: 60_000 });
    await expect(members.getByRole('rowheader')).toHaveText('members (2 RoleBindings)');
    await expect(members.getByRole('row', { name: 'RoleBinding member-carol' })).toBeVisible();

    // no longer isolated: the NetworkPolicy goes
    await form.getByRole('checkbox', { name: 'isolated' }).uncheck();
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(ownedRow('NetworkPolicy', 'default-deny')).toHaveCount(0, { timeout: 60_000 });
    await expect(ownedRow('Namespace', 'project-project-sample')).toBeVisible();

    // the Project deleted: it leaves its list, and its Namespace goes Terminating, then away
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete project-sample?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: 'project-sample' })).toHaveCount(0, { timeout: 60_000 });
    await expect.poll(() => namespacePhase('project-project-sample'), { timeout: 120_000 }).toBe('absent');
  } finally {
    if (designId !== undefined) await removeDesign(page.request, designId);
    await dropDefaults();
  }
  expect(external, 'requests that left 127.0.0.1').toEqual([]);
});
