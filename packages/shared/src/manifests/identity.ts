/**
 * The identity a design's embedded controller acts as (docs/design/0037): a ServiceAccount in the
 * studio's namespace, bound by a ClusterRole/ClusterRoleBinding to exactly the rules the export's
 * config/rbac/role.yaml grants (normalizeRules(rbacMarkers(design))). The studio creates these as
 * the installing user, so Kubernetes' escalation check applies (nobody grants what they do not
 * hold), and the controller writes the design's children, finalizers and status impersonating
 * the ServiceAccount, so a custom resource can make it do only what the design was granted.
 */
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import { BUILTIN_CHILD_KINDS, childResourceOf, isNamespacedOffline } from '../graph/child-kinds';
import { MANAGED_BY } from '../graph/plan';
import { normalizeRules, rbacMarkers, type PolicyRule } from './rbac';

export interface DesignIdentity {
  readonly namespace: string;
  readonly serviceAccount: string;
  /** The Kubernetes user the controller impersonates: `system:serviceaccount:<ns>:<name>`. */
  readonly user: string;
  /** The ClusterRole and the ClusterRoleBinding. */
  readonly roleName: string;
}

/** The identity of the design installed as CRD `crdName` (`memcacheds.cache.example.com`). */
export function designIdentity(crdName: string, namespace: string): DesignIdentity {
  // a CRD name is a DNS subdomain of at most 253 characters; the prefix must keep it one
  const serviceAccount = `opstudio-${crdName}`.slice(0, 253).replace(/[-.]+$/, '');
  return {
    namespace,
    serviceAccount,
    user: `system:serviceaccount:${namespace}:${serviceAccount}`,
    roleName: `opstudio:design:${crdName}`,
  };
}

/** The rules the design's identity holds: config/rbac/role.yaml's, rule for rule. */
export function designRules(design: Design): PolicyRule[] {
  return normalizeRules(rbacMarkers(design));
}

/**
 * The `<group>/<resource>` pairs the design writes that are not in a namespace: a write to one
 * reaches the whole cluster. Scope comes from graph/child-kinds.ts, the table the planner uses,
 * for every built-in kind and for the design's own children.
 */
function clusterScopedResources(design: Design): Set<string> {
  const out = new Set(BUILTIN_CHILD_KINDS.filter((k) => !k.namespaced).map((k) => `${k.group}/${k.resource}`));
  for (const child of designGraph(design)?.resources ?? []) {
    const { apiVersion, kind } = child.template;
    if (isNamespacedOffline(apiVersion, kind)) continue;
    const { group, resource } = childResourceOf(apiVersion, kind);
    out.add(`${group}/${resource}`);
  }
  return out;
}
const WRITES = new Set(['create', 'update', 'patch', 'delete', 'deletecollection', 'bind', 'escalate', '*']);

/** One permission as the install shows it, and why it asks for a confirmation, if it does. */
export interface Permission {
  readonly group: string;
  readonly resource: string;
  readonly verbs: readonly string[];
  readonly resourceNames?: readonly string[];
  readonly clusterScoped: boolean;
  /** Why a person should look twice (cluster-scoped writes, RBAC, Secrets, Namespaces), or undefined. */
  readonly sensitive?: string;
}

function sensitivity(group: string, resource: string, verbs: readonly string[], clusterScoped: boolean) {
  const writes = verbs.some((v) => WRITES.has(v));
  if (group === 'rbac.authorization.k8s.io')
    return verbs.includes('bind')
      ? `binds the role(s) it names to any subject a custom resource gives`
      : 'writes RBAC objects: who may do what';
  if (group === '' && resource === 'secrets') return writes ? 'reads and writes Secrets' : 'reads Secrets';
  if (group === '' && resource === 'namespaces') return writes ? 'creates and deletes Namespaces' : undefined;
  if (clusterScoped && writes) return 'writes a cluster-scoped kind: outside any namespace';
  return undefined;
}

/** The design's rules one resource a row, for the install to show and to confirm. */
export function designPermissions(design: Design): Permission[] {
  const clusterWide = clusterScopedResources(design);
  const out: Permission[] = [];
  for (const rule of designRules(design))
    for (const group of rule.apiGroups ?? [''])
      for (const resource of rule.resources ?? []) {
        const clusterScoped = clusterWide.has(`${group}/${resource}`);
        const sensitive = sensitivity(group, resource, rule.verbs, clusterScoped);
        out.push({
          group,
          resource,
          verbs: rule.verbs,
          ...(rule.resourceNames !== undefined ? { resourceNames: rule.resourceNames } : {}),
          clusterScoped,
          ...(sensitive !== undefined ? { sensitive } : {}),
        });
      }
  return out;
}

/** Where a design's children go beyond its custom resource's namespace (docs/design/0039). */
export interface DesignReach {
  /** the namespaces a namespaced design declares (operand.namespaces) */
  readonly namespaces: readonly string[];
  /** a cluster-scoped design: its namespaced children go to whatever namespace their templates name */
  readonly anyNamespace: boolean;
  /** the cluster-scoped kinds among its children (`Namespace`, `ClusterRole`) */
  readonly clusterScopedKinds: readonly string[];
}

export function designReach(design: Design): DesignReach {
  const graph = designGraph(design);
  const resources = graph?.resources ?? [];
  const clusterScopedKinds = [
    ...new Set(
      resources.filter((r) => !isNamespacedOffline(r.template.apiVersion, r.template.kind)).map((r) => r.template.kind),
    ),
  ];
  const cluster = design.crd.scope === 'Cluster';
  return {
    namespaces: cluster ? [] : [...(graph?.namespaces ?? [])],
    anyNamespace: cluster && resources.some((r) => isNamespacedOffline(r.template.apiVersion, r.template.kind)),
    clusterScopedKinds,
  };
}

/**
 * What the install asks a person to confirm about where the controller writes, beyond the rules:
 * namespaces besides the custom resource's (the cluster-scoped kinds are confirmed with their rules).
 */
export function reachNotes(reach: DesignReach): string[] {
  const out: string[] = [];
  if (reach.namespaces.length > 0)
    out.push(`writes in namespaces besides its custom resource's: ${reach.namespaces.join(', ')} (operand.namespaces)`);
  if (reach.anyNamespace)
    out.push('is cluster-scoped: its children go to the namespaces their templates name, any the cluster has');
  return out;
}

/** `rbac.authorization.k8s.io/clusterroles admin: bind` */
export function permissionText(p: Permission): string {
  const names = p.resourceNames === undefined ? '' : ` ${p.resourceNames.join(', ')}`;
  return `${p.group === '' ? 'core' : p.group}/${p.resource}${names}: ${p.verbs.join(', ')}`;
}

const LABELS = { 'app.kubernetes.io/managed-by': MANAGED_BY };

/** The ServiceAccount, the ClusterRole and the ClusterRoleBinding of a design's identity. */
export function identityObjects(
  design: Design,
  identity: DesignIdentity,
  labels: Readonly<Record<string, string>> = {},
): [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>] {
  const metaLabels = { ...LABELS, ...labels };
  return [
    {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: identity.serviceAccount, namespace: identity.namespace, labels: metaLabels },
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: identity.roleName, labels: metaLabels },
      rules: designRules(design),
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: identity.roleName, labels: metaLabels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: identity.roleName },
      subjects: [{ kind: 'ServiceAccount', name: identity.serviceAccount, namespace: identity.namespace }],
    },
  ];
}
