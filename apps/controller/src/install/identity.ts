// The design's controller identity at install and uninstall (docs/design/0037): its
// ServiceAccount, ClusterRole and ClusterRoleBinding (manifests/identity.ts), written with the
// installing user's KubeConfig, so the API server's RBAC escalation check decides whether this
// user may grant the design's rules. A dry run comes first: a rule the user does not hold
// refuses the install before anything changes, naming what is missing.
import type { KubeConfig } from '@kubernetes/client-node';
import type { Design } from '@opstudio/shared/design/schema';
import { designIdentity, identityObjects, type DesignIdentity } from '@opstudio/shared/manifests/identity';
import { ForbiddenError } from '../errors';
import { KubeApiError } from '../kube/errors';
import { CrdClient } from './crd-client';
import { DESIGN_LABEL } from './labels';

const RBAC = '/apis/rbac.authorization.k8s.io/v1';
const pathOf = (id: DesignIdentity) => ({
  serviceAccount: `/api/v1/namespaces/${encodeURIComponent(id.namespace)}/serviceaccounts/${encodeURIComponent(id.serviceAccount)}`,
  clusterRole: `${RBAC}/clusterroles/${encodeURIComponent(id.roleName)}`,
  clusterRoleBinding: `${RBAC}/clusterrolebindings/${encodeURIComponent(id.roleName)}`,
});

export interface IdentityPlan {
  readonly identity: DesignIdentity;
  readonly objects: ReturnType<typeof identityObjects>;
}

export function identityPlan(design: Design, designId: string, crdName: string, namespace: string): IdentityPlan {
  const identity = designIdentity(crdName, namespace);
  return { identity, objects: identityObjects(design, identity, { [DESIGN_LABEL]: designId }) };
}

/**
 * Applies the identity as `writer` (the installing user): the ServiceAccount and the ClusterRole
 * first, then the binding. `dryRun`: only the first two, whose refusal is the escalation check
 * (a binding to a role that does not exist yet cannot be dry-run).
 */
export async function applyIdentity(writer: CrdClient, plan: IdentityPlan, dryRun: boolean): Promise<void> {
  const [sa, role, binding] = plan.objects;
  const paths = pathOf(plan.identity);
  const { serviceAccount, roleName } = plan.identity;
  try {
    await writer.applyAt(paths.serviceAccount, sa, dryRun, `apply ServiceAccount ${serviceAccount}`);
    await writer.applyAt(paths.clusterRole, role, dryRun, `apply ClusterRole ${roleName}`);
    if (!dryRun) await writer.applyAt(paths.clusterRoleBinding, binding, false, `apply ClusterRoleBinding ${roleName}`);
  } catch (err) {
    if (err instanceof KubeApiError && err.code === 403)
      throw new ForbiddenError(
        `you may not grant this design's controller its permissions (Kubernetes RBAC: nobody grants what they do not hold); ask an administrator who holds them to install it`,
        [{ field: 'rbac', message: err.message, reason: 'escalation' }],
        { cause: err },
      );
    throw err;
  }
}

/** Deletes the identity as `writer` (the uninstalling user); what is already gone is fine. */
export async function deleteIdentity(writer: CrdClient, identity: DesignIdentity): Promise<void> {
  const paths = pathOf(identity);
  await writer.deleteAt(paths.clusterRoleBinding, `delete ClusterRoleBinding ${identity.roleName}`);
  await writer.deleteAt(paths.clusterRole, `delete ClusterRole ${identity.roleName}`);
  await writer.deleteAt(paths.serviceAccount, `delete ServiceAccount ${identity.serviceAccount}`);
}

/**
 * The identity of a design installed without the install service (tests and benchmarks that
 * create the labelled CRD themselves), applied with `kc`'s own rights.
 */
export async function installIdentity(
  kc: KubeConfig,
  design: Design,
  designId: string,
  crdName: string,
  namespace: string,
): Promise<DesignIdentity> {
  const plan = identityPlan(design, designId, crdName, namespace);
  await applyIdentity(new CrdClient(kc), plan, false);
  return plan.identity;
}
