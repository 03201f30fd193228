// Where the controller-manager's Lease lives, and the start-up check that the studio may write
// it there. Without this check a studio that may not write its Lease starts, never leads and
// never reconciles, with only a log line to say why; here start-up stops and names the fix.
import { AuthorizationV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import type { LoadedKubeConfig } from './kubeconfig';

export const LEASE_NAME = 'operator-studio-controller-manager';
/** The verbs leader election uses on its Lease (get to read the holder, create once, update to renew). */
const LEASE_VERBS = ['get', 'create', 'update'] as const;

export class LeaseAccessError extends Error {
  override readonly name = 'LeaseAccessError';
}

/** The setting, else the pod's own namespace in-cluster, else `default` for a kubeconfig user. */
export function leaseNamespace(setting: string | undefined, conn: Pick<LoadedKubeConfig, 'namespace'>): string {
  return setting ?? conn.namespace ?? 'default';
}

/** Throws LeaseAccessError naming the namespace and the Role rule when a Lease verb is refused. */
export async function checkLeaseAccess(kc: KubeConfig, namespace: string): Promise<void> {
  const api = kc.makeApiClient(AuthorizationV1Api);
  const refused: string[] = [];
  for (const verb of LEASE_VERBS) {
    const review = await api.createSelfSubjectAccessReview({
      body: {
        spec: { resourceAttributes: { namespace, verb, group: 'coordination.k8s.io', resource: 'leases' } },
      },
    });
    if (review.status?.allowed !== true) refused.push(verb);
  }
  if (refused.length === 0) return;
  throw new LeaseAccessError(leaseRefusalText(refused, namespace));
}

/** What was refused on the studio's Leases in `namespace`, and the Role rule (or setting) that mends it. */
export function leaseRefusalText(verbs: readonly string[], namespace: string): string {
  return (
    `the studio may not ${verbs.join('/')} its Lease in namespace "${namespace}" (leader election): ` +
    `bind a Role there with the rule {apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["get", "create", "update"]} ` +
    `to the studio's identity, or set OPSTUDIO_LEASE_NAMESPACE to a namespace it may write`
  );
}
