// The built-in kinds a design's children can be, with what RBAC, the controller's watches and
// the export need to know of each: group, version, plural resource, and the Go package of its
// type. Custom resources are children too (by apiVersion/kind); their plural then comes from
// the cluster's discovery, or from Kubernetes' default pluralisation where no cluster answers.
// Each built-in also carries the API server's name rule for it (pkg/apis/*/validation: Service
// names are DNS-1035 labels, Namespaces DNS-1123 labels, RBAC objects path segments, most others
// DNS-1123 subdomains) and whether it is namespaced, so the planner checks a rendered name
// before the write and gives a cluster-scoped child no namespace.
import type { NameRule } from './kube-names';

export interface ChildKind {
  readonly group: string; // '' for the core group
  readonly version: string;
  readonly kind: string;
  readonly resource: string;
  /** the Go import path and alias of the type's package, for the export */
  readonly goPackage: string;
  readonly goAlias: string;
  readonly name: NameRule;
  /** shorter than the rule allows, where the API server says so */
  readonly nameMax?: number;
  readonly namespaced: boolean;
}

interface Facts {
  name?: NameRule;
  nameMax?: number;
  namespaced?: false;
}

const k = (
  apiVersion: string,
  kind: string,
  resource: string,
  goPackage: string,
  goAlias: string,
  facts: Facts = {},
): ChildKind => {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const { name = 'dns1123-subdomain', nameMax, namespaced = true } = facts;
  return {
    group: group!,
    version: version!,
    kind,
    resource,
    goPackage,
    goAlias,
    name,
    ...(nameMax !== undefined ? { nameMax } : {}),
    namespaced,
  };
};
const RBAC_NAME: Facts = { name: 'path-segment' };
const CLUSTER: Facts = { namespaced: false };

export const BUILTIN_CHILD_KINDS: readonly ChildKind[] = [
  k('apps/v1', 'Deployment', 'deployments', 'k8s.io/api/apps/v1', 'appsv1'),
  k('apps/v1', 'StatefulSet', 'statefulsets', 'k8s.io/api/apps/v1', 'appsv1'),
  k('apps/v1', 'DaemonSet', 'daemonsets', 'k8s.io/api/apps/v1', 'appsv1'),
  k('v1', 'Service', 'services', 'k8s.io/api/core/v1', 'corev1', { name: 'dns1035-label' }),
  k('v1', 'ConfigMap', 'configmaps', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'Secret', 'secrets', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'ServiceAccount', 'serviceaccounts', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'ResourceQuota', 'resourcequotas', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'LimitRange', 'limitranges', 'k8s.io/api/core/v1', 'corev1'),
  k('v1', 'Namespace', 'namespaces', 'k8s.io/api/core/v1', 'corev1', { ...CLUSTER, name: 'dns1123-label' }),
  k('rbac.authorization.k8s.io/v1', 'Role', 'roles', 'k8s.io/api/rbac/v1', 'rbacv1', RBAC_NAME),
  k('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rolebindings', 'k8s.io/api/rbac/v1', 'rbacv1', RBAC_NAME),
  k('rbac.authorization.k8s.io/v1', 'ClusterRole', 'clusterroles', 'k8s.io/api/rbac/v1', 'rbacv1', {
    ...RBAC_NAME,
    ...CLUSTER,
  }),
  k('rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'clusterrolebindings', 'k8s.io/api/rbac/v1', 'rbacv1', {
    ...RBAC_NAME,
    ...CLUSTER,
  }),
  k('policy/v1', 'PodDisruptionBudget', 'poddisruptionbudgets', 'k8s.io/api/policy/v1', 'policyv1'),
  k('networking.k8s.io/v1', 'Ingress', 'ingresses', 'k8s.io/api/networking/v1', 'networkingv1'),
  k('networking.k8s.io/v1', 'NetworkPolicy', 'networkpolicies', 'k8s.io/api/networking/v1', 'networkingv1'),
  // a Job's name is its pods' job-name label value (63 at most); a CronJob's gets an 11-character suffix
  k('batch/v1', 'Job', 'jobs', 'k8s.io/api/batch/v1', 'batchv1', { nameMax: 63 }),
  k('batch/v1', 'CronJob', 'cronjobs', 'k8s.io/api/batch/v1', 'batchv1', { nameMax: 52 }),
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

/**
 * Cluster-scoped kinds of the API server that are not child kinds above: known offline, so the
 * planner gives them no namespace even where no discovery answers (a custom resource's scope
 * only discovery knows).
 */
export const OTHER_CLUSTER_SCOPED: ReadonlySet<string> = new Set([
  'v1/Node',
  'v1/PersistentVolume',
  'storage.k8s.io/v1/StorageClass',
  'storage.k8s.io/v1/CSIDriver',
  'storage.k8s.io/v1/VolumeAttachment',
  'scheduling.k8s.io/v1/PriorityClass',
  'networking.k8s.io/v1/IngressClass',
  'apiextensions.k8s.io/v1/CustomResourceDefinition',
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/v1/ValidatingAdmissionPolicyBinding',
  'apiregistration.k8s.io/v1/APIService',
  'node.k8s.io/v1/RuntimeClass',
  'flowcontrol.apiserver.k8s.io/v1/FlowSchema',
  'flowcontrol.apiserver.k8s.io/v1/PriorityLevelConfiguration',
  'certificates.k8s.io/v1/CertificateSigningRequest',
]);

/** Whether a kind lives in a namespace, as far as is known offline: every other kind is taken as namespaced. */
export function isNamespacedOffline(apiVersion: string, kind: string): boolean {
  const known = builtinChildKind(apiVersion, kind);
  if (known !== undefined) return known.namespaced;
  return !OTHER_CLUSTER_SCOPED.has(`${apiVersion}/${kind}`);
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
