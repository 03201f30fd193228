// One studio, several clusters (docs/design/0035): its own multi-user studio (auth-studio.ts) over
// OPSTUDIO_KUBECONFIG=<test sandbox>:<a second sandbox>:<a context whose API server port is closed>.
// Memcached is installed in the test cluster and a Widget design in the second, through the
// studio's API as the page calls it (the cluster in the x-opstudio-cluster header). The picker
// (keyboard only) switches between them and each shows its own kinds; a resource page's URL opens
// the same object of the same cluster in another tab; an old URL lands on the default cluster;
// the unreachable context is listed with why, can be opened, and the other tab stays live.
import path from 'node:path';
import {
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  RbacAuthorizationV1Api,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { expect, test, type Page } from '@playwright/test';
import { closedPort, startSecondSandbox, type SecondSandbox } from '../../apps/controller/testing/second-cluster';
import { clusterHref } from '../../packages/shared/src/kube/cluster-href';
import { bindClusterAdmin, removeCrdAndBinding } from './auth-seed';
import { seriousViolations } from './axe-helpers';
import { startAuthStudio, type AuthStudio } from './auth-studio';
import { onTestCluster, TEST_CONTEXT } from './cluster-url';
import { installDesign, kubeconfig, memcachedDesign, repo, unique } from './resources-helpers';

const suffix = unique('');
const admin = { name: `multi-${suffix}`, password: 'several-clusters-0123' };
const memGroup = `e2emulti${suffix}`;
const memCrd = `memcacheds.${memGroup}.example.com`;
const widgetGroup = `e2ewidget${suffix}`;
const widgetCrd = `widgets.${widgetGroup}.example.com`;
const bindingName = `opstudio-e2e-multi-${suffix}`;
const CLOSED_CONTEXT = 'e2e-closed-port';
/** The focused element's outline, evaluated in the page. */
const FOCUS_RING = `(() => {
  const style = getComputedStyle(document.activeElement);
  return { style: style.outlineStyle, width: style.outlineWidth };
})()`;

let second: SecondSandbox | undefined;
let studio: AuthStudio | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: 'http://127.0.0.1:3110' });

/** The Memcached example renamed to Widget, without an operand (nothing to run: a kind of its own). */
function widgetDesign(group: string): string {
  return memcachedDesign(group, { operand: false })
    .replace(/^( {4}kind:) Memcached$/m, '$1 Widget')
    .replace(/^( {4}plural:) memcacheds$/m, '$1 widgets')
    .replace(/^( {4}singular:) memcached$/m, '$1 widget')
    .replace(/^( {4}listKind:) MemcachedList$/m, '$1 WidgetList');
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole('textbox', { name: 'User name' }).fill(admin.name);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${admin.name}`)).toBeVisible();
}

test.beforeAll(async () => {
  if (kubeconfig === undefined) return;
  test.setTimeout(300_000);
  second = await startSecondSandbox('e2e-second', 31760);
  const closed = second.writeKubeconfig('closed.yaml', CLOSED_CONTEXT, `https://127.0.0.1:${await closedPort()}`);
  studio = await startAuthStudio(
    [kubeconfig, second.kubeconfigPath, closed].join(path.delimiter),
    path.join(repo, 'test-results/e2e/several-clusters-logs'),
  );
  studio.createUser(admin.name, 'admin', admin.password);
  // the user's Kubernetes identity (impersonation) may do anything, in both clusters
  const subject = { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: `opstudio:${admin.name}` };
  await bindClusterAdmin(bindingName, { kind: 'User', name: subject.name }, 'several-clusters');
  const kc = new KubeConfig();
  kc.loadFromFile(second.kubeconfigPath);
  await kc.makeApiClient(RbacAuthorizationV1Api).createClusterRoleBinding({
    body: {
      metadata: { name: bindingName },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [subject],
    },
  });
});

test.afterAll(async () => {
  if (kubeconfig !== undefined) await removeCrdAndBinding(memCrd, bindingName);
  await studio?.stop();
  await second?.stop();
});

test('the picker switches clusters, each with its own kinds, links and live state', async ({ page, context }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(300_000);
  const secondContext = second!.context;
  await signIn(page, onTestCluster('/'));
  await expect(page).toHaveURL(onTestCluster('/'));
  await installDesign(page.request, `Multi ${memGroup}`, memcachedDesign(memGroup));
  await installDesign(page.request, `Widget ${widgetGroup}`, widgetDesign(widgetGroup), secondContext);

  // the test cluster: Memcached in the navigation, not Widget
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator(`a[href="${onTestCluster(`/resources/${memCrd}`)}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(nav.locator(`a[title="${widgetCrd}"]`)).toHaveCount(0);

  // the picker, from the keyboard: open, Tab to the second cluster, Enter
  const picker = page.getByRole('button', { name: `Cluster ${TEST_CONTEXT}` });
  await picker.focus();
  await page.keyboard.press('Enter');
  const choices = page.getByRole('list', { name: 'Clusters' });
  await expect(choices.getByRole('link')).toHaveCount(3);
  await expect(choices.getByRole('link', { name: new RegExp(CLOSED_CONTEXT) })).toContainText('unreachable:');
  const toSecond = choices.getByRole('link', { name: new RegExp(secondContext) });
  // the kubeconfig's order: the test cluster's link first, the second's next
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(toSecond).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(clusterHref(secondContext, '/'));
  await expect(page.getByRole('button', { name: `Cluster ${secondContext}` })).toBeVisible();
  const widgetLink = nav.locator(`a[href="${clusterHref(secondContext, `/resources/${widgetCrd}`)}"]`);
  await expect(widgetLink).toBeVisible({ timeout: 30_000 });
  await expect(nav.locator(`a[title="${memCrd}"]`)).toHaveCount(0);

  // a Widget's page: its URL names the cluster, and opens the same object in another tab
  const kc = new KubeConfig();
  kc.loadFromFile(second!.kubeconfigPath);
  const objects = kc.makeApiClient(CustomObjectsApi);
  const ref = { group: `${widgetGroup}.example.com`, version: 'v1alpha1', plural: 'widgets', namespace: 'default' };
  await objects.createNamespacedCustomObject({
    ...ref,
    body: { apiVersion: `${ref.group}/v1alpha1`, kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 2 } },
  });
  await widgetLink.click();
  await page.getByRole('row', { name: 'w1' }).getByRole('link', { name: 'w1' }).click();
  const resourceUrl = clusterHref(secondContext, `/resources/${widgetCrd}/default/w1`);
  await expect(page).toHaveURL(resourceUrl);
  const other = await context.newPage();
  await other.goto(resourceUrl);
  await expect(other.getByRole('button', { name: `Cluster ${secondContext}` })).toBeVisible();
  await expect(other.getByRole('spinbutton', { name: 'size' })).toHaveValue('2', { timeout: 30_000 });

  // an old URL lands on the default cluster (the first context of the list)
  await page.goto(`/resources/${memCrd}`);
  await expect(page).toHaveURL(onTestCluster(`/resources/${memCrd}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Memcached');

  // the context that does not answer can be opened and says so; the other tab stays live
  await page.getByRole('button', { name: `Cluster ${TEST_CONTEXT}` }).click();
  await choices.getByRole('link', { name: new RegExp(CLOSED_CONTEXT) }).click();
  await expect(page).toHaveURL(clusterHref(CLOSED_CONTEXT, '/'));
  // the cluster is down, not the studio's controller: the badge says which
  await expect(page.getByLabel('Connection: Cluster offline')).toBeVisible({ timeout: 30_000 });
  await objects.patchNamespacedCustomObject(
    { ...ref, name: 'w1', body: { spec: { size: 3 } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  );
  await expect(other.getByRole('spinbutton', { name: 'size' })).toHaveValue('3', { timeout: 30_000 });
});

test('the open picker passes axe in light and dark and shows its focus ring; an unknown context says so', async ({
  page,
}) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  await signIn(page, onTestCluster('/'));
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const picker = page.getByRole('button', { name: `Cluster ${TEST_CONTEXT}` });
    await picker.focus();
    await page.keyboard.press('Enter');
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('list', { name: 'Clusters' }).getByText(/unreachable:/)).toBeVisible({
      timeout: 30_000,
    });
    found.push(...(await seriousViolations(page, `open picker (${colorScheme})`)));
    await page.keyboard.press('Escape');
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await expect(picker).toBeFocused();
    // back from the keyboard: the ring shows
    const ring = await page.evaluate<{ style: string; width: string }>(FOCUS_RING);
    expect(ring, `focus ring (${colorScheme})`).toEqual({ style: 'solid', width: '2px' });
  }

  // a context the kubeconfig does not have: said in place of the page, with the ones it has
  await page.goto(clusterHref('admin@elsewhere', '/designs'));
  await expect(page.getByRole('heading', { name: 'No cluster “admin@elsewhere”' })).toBeVisible();
  await expect(page.getByLabel('Connection: Unknown cluster')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Contexts' }).getByRole('link')).toHaveText([
    TEST_CONTEXT,
    second!.context,
    CLOSED_CONTEXT,
  ]);
  found.push(...(await seriousViolations(page, 'unknown cluster (dark)')));
  expect(found, found.join('\n')).toEqual([]);
});
