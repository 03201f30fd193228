// Sign-in in a real browser against a real multi-user studio (its own controller and web app on
// 3111/3110, fresh database) and the sandbox: the first admin made with the console's one-time
// setup token; then accounts from `opstudio admin create`: a wrong password is refused with the
// server's message and the rate limit engages; a viewer sees a design but no "Install CRD"; an
// admin installs it (Established) and the audit log lists that install by the admin; signing out
// returns to the sign-in page. The CRD (its own API group) is removed afterwards.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bindClusterAdmin, removeCrdAndBinding, seedDesign } from './auth-seed';
import { startAuthStudio, type AuthStudio } from './auth-studio';
import { onTestCluster, TEST_CONTEXT } from './cluster-url';
import { kubeconfig, memcachedDesign, repo, unique } from './resources-helpers';

const screenshots = path.join(repo, 'artifacts/screenshots');
const suffix = unique('');
const viewer = { name: `vera-${suffix}`, password: 'viewer-password-123' };
const admin = { name: `adam-${suffix}`, password: 'admin-password-456' };
const first = { name: `root-${suffix}`, password: 'first-admin-password-789' };
const group = `e2eauth${suffix}`;
const crdName = `memcacheds.${group}.example.com`;
const bindingName = `opstudio-e2e-auth-${suffix}`;

let studio: AuthStudio | undefined;
let designId = '';
let accounts: Promise<void> | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:3110` });

async function signInAs(page: Page, who: { name: string; password: string }) {
  await page.getByRole('textbox', { name: 'User name' }).fill(who.name);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function shot(page: Page, name: string) {
  const file = path.join(screenshots, `auth-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

/** The accounts, the RoleBinding and the design the stories use (once, whichever test runs first). */
function ensureAccounts(): Promise<void> {
  accounts ??= (async () => {
    if (studio === undefined) throw new Error('the multi-user studio did not start');
    studio.createUser(viewer.name, 'viewer', viewer.password);
    studio.createUser(admin.name, 'admin', admin.password);
    // writes made for a user carry their Kubernetes identity (impersonation): this admin may do anything
    await bindClusterAdmin(bindingName, { kind: 'User', name: `opstudio:${admin.name}` }, 'auth');
    designId = await seedDesign(studio.controllerUrl, admin, { name: `Auth ${group}`, yaml: memcachedDesign(group) });
  })();
  return accounts;
}

test.beforeAll(async () => {
  if (kubeconfig === undefined) return;
  test.setTimeout(180_000);
  studio = await startAuthStudio(kubeconfig, path.join(repo, 'test-results/e2e/auth-studio-logs'));
});

test.afterAll(async () => {
  if (kubeconfig !== undefined) await removeCrdAndBinding(crdName, bindingName);
  await studio?.stop();
});

test('first run: the setup token from the console creates the first admin', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.skip(accounts !== undefined, 'accounts exist already');
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  const setup = page.getByRole('form', { name: 'Create the first admin' });
  await setup.getByRole('textbox', { name: 'Setup token' }).fill('not-the-token');
  await setup.getByRole('textbox', { name: 'User name' }).fill(first.name);
  await setup.getByLabel('Password').fill(first.password);
  await setup.getByRole('button', { name: 'Create admin and sign in' }).click();
  await expect(setup.getByRole('alert')).toContainText('Wrong or used setup token');
  await setup.getByRole('textbox', { name: 'Setup token' }).fill(studio!.setupToken());
  await setup.getByRole('button', { name: 'Create admin and sign in' }).click();
  await expect(page).toHaveURL(onTestCluster('/'));
  await expect(page.getByText(`Signed in as ${first.name}`)).toBeVisible();
  await expect(page.getByText(`Signed in as ${first.name}`)).toContainText('admin');
  await shot(page, 'first-admin');
  // spent: the sign-in page offers the ordinary form from now on
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create the first admin' })).toHaveCount(0);
});

test('a wrong password is refused with the server’s message, and the rate limit engages', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  await ensureAccounts();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInAs(page, { name: viewer.name, password: 'not-the-password' });
  // scoped to the form: Next's route announcer is an (empty) alert too
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
    'Wrong user name or password',
  );
  await expect(page).toHaveURL(/\/sign-in$/);
  await shot(page, 'wrong-password');
  // five failures for one account, then it is refused before the password is even checked
  const form = page.getByRole('form', { name: 'Sign in' });
  const guessed = { name: `nobody-${suffix}`, password: 'guess-number-0' };
  for (let i = 1; i <= 5; i++) {
    await signInAs(page, { ...guessed, password: `guess-number-${i}` });
    await expect(form.getByRole('alert')).toHaveText('Wrong user name or password');
    await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  await signInAs(page, guessed);
  await expect(form.getByRole('alert')).toHaveText(/^Too many failed sign-ins for this account: try again in \d+ s$/);
});

test('a user deleted on the command line while a page is open is sent to sign in within seconds', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  await ensureAccounts();
  const gone = { name: `gone-${suffix}`, password: 'gone-password-0123' };
  studio!.createUser(gone.name, 'viewer', gone.password);
  await page.goto('/');
  await signInAs(page, gone);
  await expect(page.getByText(`Signed in as ${gone.name}`)).toBeVisible();
  await expect(page.getByLabel('Connection: Live')).toBeVisible({ timeout: 20_000 });
  const deletedAt = Date.now();
  studio!.deleteUser(gone.name);
  // the controller ends the live stream of a session that ended; the page then asks again and is told to sign in
  await expect(page).toHaveURL(/\/sign-in/, { timeout: 15_000 });
  test.info().annotations.push({ type: 'user deleted → sign-in page', description: `${Date.now() - deletedAt} ms` });
});

test('a viewer sees no "Install CRD", an admin installs and the audit log shows it; sign out', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(240_000);
  await ensureAccounts();
  const designPath = onTestCluster(`/designs/${encodeURIComponent(designId)}`);

  // signed out: the design page sends the browser to sign in, and back afterwards
  await page.goto(designPath);
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(designPath)}`);
  await signInAs(page, viewer);
  await expect(page).toHaveURL(designPath);
  await expect(page.getByText(`Signed in as ${viewer.name}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group);
  await expect(page.getByText('Read only: viewers cannot change designs')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Group' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Install CRD' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await shot(page, 'viewer-design');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // the admin installs the same design
  await signInAs(page, admin);
  await expect(page).toHaveURL(onTestCluster('/'));
  await expect(page.getByText(`Signed in as ${admin.name}`)).toBeVisible();
  await page.goto(designPath);
  await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group);
  await expect(page.getByRole('textbox', { name: 'Group' })).toBeEditable();
  await page.getByRole('button', { name: 'Install CRD' }).click();
  await expect(page.getByRole('list', { name: 'Install progress' }).getByText('Established')).toBeVisible({
    timeout: 60_000,
  });
  await shot(page, 'admin-installed');
  // CR actions are offered after asking the controller (role, then the admin's Kubernetes RBAC)
  await page.goto(`/resources/${crdName}`);
  await expect(page.getByRole('heading', { name: 'Memcached' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create from sample' })).toBeVisible();

  // the audit log lists that install, by the admin
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL('/admin/audit');
  await page.getByRole('combobox', { name: 'Action' }).fill('crds.install'); // a textbox with suggestions
  await page.getByRole('textbox', { name: 'User' }).fill(admin.name);
  await page.getByRole('button', { name: 'Filter' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: `design ${designId}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(admin.name);
  await expect(row).toContainText('crds.install');
  await expect(row).toContainText(`in ${TEST_CONTEXT}`); // the cluster it was installed in
  await expect(row).toContainText('success');
  // unfiltered, the sign-ins are there too, newest first: the admin's before the viewer's
  await page.getByRole('button', { name: 'Clear' }).click();
  const signIns = log.getByRole('row').filter({ hasText: 'auth.sign-in' });
  await expect(signIns.first()).toContainText(admin.name);
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: 'auth.sign-in' })
      .filter({ hasText: viewer.name })
      .filter({ hasText: 'denied' }),
  ).toHaveCount(1);
  await shot(page, 'audit-log');

  // the accounts, for admins: the two made on the command line and the first admin
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('combobox', { name: `Role of ${viewer.name}` })).toHaveValue('viewer');
  await expect(users.getByRole('row').filter({ hasText: `${admin.name} (you)` })).toHaveCount(1);

  // the viewer is not offered CR actions on the installed kind
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto(`/resources/${crdName}`);
  await signInAs(page, viewer);
  // the address from before clusters, kept as sign-in's way back, redirects to the default cluster
  await expect(page).toHaveURL(onTestCluster(`/resources/${crdName}`));
  await expect(page.getByRole('heading', { name: 'Memcached' })).toBeVisible();
  await expect(page.getByText('0 memcacheds')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create from sample' })).toHaveCount(0);
  await shot(page, 'viewer-kind');

  // signing out ends it: back at sign-in, and pages send the browser there again
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/designs');
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/designs')}`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
