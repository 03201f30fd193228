// OIDC sign-in in a real browser: a real OpenID provider (oidc-provider, run here on loopback
// with its own login and consent pages) and a multi-user studio configured for it (its own
// controller and web app on 3111/3110, fresh database). An admin-group user signs in through the
// provider and installs the CRD, with Kubernetes RBAC granted to their provider group only
// (`oidc:<group>`); a viewer-group user sees no Install button, and the server refuses the
// install when asked directly with that session. Local accounts keep working beside it.
import path from 'node:path';
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import { expect, test, type Page } from '@playwright/test';
import { startTestOidcProvider, type TestOidcProvider } from '../../apps/controller/testing/oidc-provider';
import { bindClusterAdmin, removeCrdAndBinding, seedDesign } from './auth-seed';
import { AUTH_WEB_PORT, startAuthStudio, type AuthStudio } from './auth-studio';
import { kube, kubeconfig, memcachedDesign, repo, unique } from './resources-helpers';
import { onTestCluster } from './cluster-url';

const screenshots = path.join(repo, 'artifacts/screenshots');
const suffix = unique('');
const webUrl = `http://127.0.0.1:${AUTH_WEB_PORT}`;
const admins = `studio-admins-${suffix}`;
const viewers = `studio-viewers-${suffix}`;
const ada = `ada-${suffix}`; // in the admin group
const vic = `vic-${suffix}`; // in the viewer group
const nora = `nora-${suffix}`; // in no group the studio maps
const seeder = { name: `seed-${suffix}`, password: 'seed-password-0123' }; // a local account
const group = `e2eoidc${suffix}`;
const crdName = `memcacheds.${group}.example.com`;
const bindingName = `opstudio-e2e-oidc-${suffix}`;

let provider: TestOidcProvider | undefined;
let studio: AuthStudio | undefined;
let designId = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: webUrl });

/** From the studio's sign-in page through the provider's login and consent pages, back to the studio. */
async function signInThroughProvider(page: Page, login: string) {
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider!.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password the test provider accepts');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click(); // the consent page
}

async function shot(page: Page, name: string) {
  const file = path.join(screenshots, `oidc-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

test.beforeAll(async () => {
  if (kubeconfig === undefined) return;
  test.setTimeout(180_000);
  provider = await startTestOidcProvider({
    redirectUri: `${webUrl}/api/auth/oidc-callback`,
    accounts: {
      [ada]: { groups: [admins, 'unmapped'] },
      [vic]: { groups: [viewers] },
      [nora]: { groups: [`elsewhere-${suffix}`] },
    },
  });
  studio = await startAuthStudio(kubeconfig, path.join(repo, 'test-results/e2e/oidc-studio-logs'), {
    controllerEnv: provider.env({ admin: [admins], viewer: [viewers] }),
  });
  studio.createUser(seeder.name, 'admin', seeder.password);
  // Kubernetes RBAC for the provider's admin group, as the studio impersonates it (oidc:<group>)
  await bindClusterAdmin(bindingName, { kind: 'Group', name: `oidc:${admins}` }, 'oidc');
  // a local account (they keep working beside OIDC) saves the design the OIDC admin will install
  designId = await seedDesign(studio.controllerUrl, seeder, { name: `OIDC ${group}`, yaml: memcachedDesign(group) });
});

test.afterAll(async () => {
  if (kubeconfig !== undefined) await removeCrdAndBinding(crdName, bindingName);
  await studio?.stop();
  await provider?.stop();
});

test('an admin-group user signs in through the provider and installs the CRD', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  test.setTimeout(180_000);
  const designPath = onTestCluster(`/designs/${encodeURIComponent(designId)}`);
  await page.goto(designPath);
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(designPath)}`);
  // both ways in: the provider's button and the local account form
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'sign-in');
  await signInThroughProvider(page, ada);
  await expect(page).toHaveURL(designPath);
  await expect(page.getByText(`Signed in as oidc:${ada}`)).toContainText('admin');
  await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group);
  await page.getByRole('button', { name: 'Install CRD' }).click();
  await expect(page.getByRole('list', { name: 'Install progress' }).getByText('Established')).toBeVisible({
    timeout: 60_000,
  });
  await shot(page, 'admin-installed');
  const crd = await kube().kc.makeApiClient(ApiextensionsV1Api).readCustomResourceDefinition({ name: crdName });
  expect(crd.metadata?.name).toBe(crdName);
});

test('a viewer-group user sees no Install button, and the server refuses the install', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  const designPath = onTestCluster(`/designs/${encodeURIComponent(designId)}`);
  await page.goto(designPath);
  await signInThroughProvider(page, vic);
  await expect(page).toHaveURL(designPath);
  await expect(page.getByText(`Signed in as oidc:${vic}`)).toContainText('viewer');
  await expect(page.getByRole('textbox', { name: 'Group' })).toHaveValue(group);
  await expect(page.getByText('Read only: viewers cannot change designs')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install CRD' })).toHaveCount(0);
  await shot(page, 'viewer-design');
  // the same request the button would send, with this viewer's session cookie
  const res = await page.request.post('/api/trpc/crds.install', {
    headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1', origin: webUrl },
    data: { designId, operationId: `e2e-oidc-viewer-${suffix}` },
  });
  expect(res.status()).toBe(403);
  const body = (await res.json()) as { error: { message: string } };
  expect(body.error.message).toBe('your role (viewer) cannot do this: it needs admin; ask an admin');
});

test('a provider user in no mapped group is refused with a page that says why', async ({ page }) => {
  test.skip(!kubeconfig, 'OPSTUDIO_KUBECONFIG is not set: run through npm test');
  await page.goto('/sign-in');
  await signInThroughProvider(page, nora);
  await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(`None of your groups (elsewhere-${suffix}) is given a studio role.`);
  await expect(page.getByText(`oidc:${nora}`)).toBeVisible();
  await shot(page, 'refused');
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with Test IdP' })).toBeVisible();
});
