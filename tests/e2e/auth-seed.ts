// What the multi-user specs (auth, oidc) set up outside the browser: a design saved through the
// controller's own routes by a local account, a cluster-admin binding for one Kubernetes subject,
// and the clean-up of both afterwards.
import { ApiextensionsV1Api, RbacAuthorizationV1Api } from '@kubernetes/client-node';
import { kube } from './resources-helpers';

/** Signs in as a local account through the controller (no browser) and saves a design; returns its id. */
export async function seedDesign(
  controllerUrl: string,
  account: { readonly name: string; readonly password: string },
  design: { readonly name: string; readonly yaml: string },
): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-opstudio-csrf': '1' };
  const signIn = await fetch(`${controllerUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: account.name, password: account.password }),
  });
  if (!signIn.ok)
    throw new Error(`seeding: sign-in as ${account.name} failed (${signIn.status}): ${await signIn.text()}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(`${controllerUrl}/api/trpc/designs.save`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify(design),
  });
  const body = (await res.json()) as { result?: { data: { id: string } }; error?: { message: string } };
  if (body.result === undefined) throw new Error(`seeding: designs.save failed: ${body.error?.message ?? res.status}`);
  return body.result.data.id;
}

/** A ClusterRoleBinding of cluster-admin to one user or group, labelled with the spec that made it. */
export async function bindClusterAdmin(
  name: string,
  subject: { readonly kind: 'User' | 'Group'; readonly name: string },
  spec: string,
): Promise<void> {
  await kube()
    .kc.makeApiClient(RbacAuthorizationV1Api)
    .createClusterRoleBinding({
      body: {
        metadata: { name, labels: { 'e2e.opstudio.dev/spec': spec } },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
        subjects: [{ apiGroup: 'rbac.authorization.k8s.io', ...subject }],
      },
    });
}

/** Removes what a spec installed and bound (either may be missing already). */
export async function removeCrdAndBinding(crdName: string, bindingName: string): Promise<void> {
  const { kc } = kube();
  await kc
    .makeApiClient(ApiextensionsV1Api)
    .deleteCustomResourceDefinition({ name: crdName })
    .catch(() => undefined);
  await kc
    .makeApiClient(RbacAuthorizationV1Api)
    .deleteClusterRoleBinding({ name: bindingName })
    .catch(() => undefined);
}
