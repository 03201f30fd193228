// What a cluster admin does for a studio user in the integration tests: a Role in one namespace
// and its RoleBinding to a Kubernetes user or group (`opstudio:<name>` / `opstudio:<role>`).
import { RbacAuthorizationV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1PolicyRule } from '@kubernetes/client-node';

export interface RoleGrant {
  readonly namespace: string;
  /** The Role's name; the binding's too unless `binding` is given. */
  readonly role: string;
  readonly rules: V1PolicyRule[];
  readonly subject: { readonly kind: 'User' | 'Group'; readonly name: string };
  readonly binding?: string;
}

export async function grantRole(kc: KubeConfig, grant: RoleGrant): Promise<void> {
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  const { namespace, role, rules, subject } = grant;
  await rbac.createNamespacedRole({ namespace, body: { metadata: { name: role }, rules } });
  await rbac.createNamespacedRoleBinding({
    namespace,
    body: {
      metadata: { name: grant.binding ?? role },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role },
      subjects: [{ ...subject, apiGroup: 'rbac.authorization.k8s.io' }],
    },
  });
}
