// The built-in kinds a design's children can be, with what RBAC, the controller's watches and
// the export need to know of each: group, version, plural resource, and the Go package of its
// type. Custom resources are children too (by apiVersion/kind); their plural then comes from
// the cluster's discovery, or from Kubernetes' default pluralisation where no cluster answers.
export interface ChildKind {
  readonly group: string; // '' for the core group
  readonly version: string;
  readonly kind: string;
  readonly resource: string;
  /** the Go import path and alias of the type's package, for the export */
  readonly goPackage: string;
  readonly goAlias: string;
}

const k = (apiVersion: string, kind: string, resource: string, goPackage: string, goAlias: string): ChildKind => {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return { group: group!, version: version!, kind, resource, goPackage, goAlias };
};

export const BUILTIN_CHILD_KINDS: readonly ChildKind[] = [
  k('apps/v1', 'Deployment', 'deployments', 'k8s.io/api/apps/v1', 'appsv1'),
  k('apps/v1', 'StatefulSet', 'statefulsets', 'k8s.io/api/apps/v1', 'appsv1'),
  k('apps/v1', 'DaemonSet', 'daemonsets', 'k8s.io/api/apps/v1', 'appsv1'),
  k('v1', 'Service', 'services', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'ConfigMap', 'configmaps', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'Secret', 'secrets', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'ServiceAccount', 'serviceaccounts', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', 'k8s.io/api/core/v1', 'corev1'),
  k('rbac.authorization.k8s.io/v1', 'Role', 'roles', 'k8s.io/api/rbac/v1', 'rbacv1'),
  k('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rolebindings', 'k8s.io/api/rbac/v1', 'rbacv1'),
  k('policy/v1', 'PodDisruptionBudget', 'poddisruptionbudgets', 'k8s.io/api/policy/v1', 'policyv1'),
  k('networking.k8s.io/v1', 'Ingress', 'ingresses', 'k8s.io/api/networking/v1', 'networkingv1'),
  k('networking.k8s.io/v1', 'NetworkPolicy', 'networkpolicies', 'k8s.io/api/networking/v1', 'networkingv1'),
  k('batch/v1', 'Job', 'jobs', 'k8s.io/api/batch/v1', 'batchv1'),
  k('batch/v1', 'CronJob', 'cronjobs', 'k8s.io/api/batch/v1', 'batchv1'),
  k(
    'autoscaling/v2',
    'HorizontalPodAutoscaler',
    'horizontalpodautoscalers',
    'k8s.io/api/autoscaling/v2',
    'autoscalingv2',
  ),
];

/** The built-in kind a template names, by apiVersion and kind. */
export function builtinChildKind(apiVersion: string, kind: string): ChildKind | undefined {
  return BUILTIN_CHILD_KINDS.find(
    (c) => (c.group === '' ? c.version : `${c.group}/${c.version}`) === apiVersion && c.kind === kind,
  );
}

/** Kubernetes' default plural of a kind (what kubebuilder's flect gives for most names). */
export function defaultPlural(kind: string): string {
  const lower = kind.toLowerCase();
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

/** group/version/resource of any child template: built-in from the table, else the default plural. */
export function childResourceOf(
  apiVersion: string,
  kind: string,
): { group: string; version: string; resource: string } {
  const known = builtinChildKind(apiVersion, kind);
  if (known !== undefined) return known;
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return { group: group!, version: version!, resource: defaultPlural(kind) };
}
