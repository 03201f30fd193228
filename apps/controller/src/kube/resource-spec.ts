// What an informer of the shared cache watches: a resource (any group/version/plural, built-in or
// custom) in all namespaces, optionally narrowed by a label selector. The cache keys informers by
// (collection path, label selector), so two components asking for the same spec share one watch.
// Also the few specs several components use, so they all name them the same way (one watch each).
import { ownerUidOf } from '@opstudio/shared/graph/ownership';
import type { KubernetesObject } from '@kubernetes/client-node';
import { isDns1035Label, isDns1123Label, isDns1123Subdomain } from '@opstudio/shared/kube/names';

export interface ResourceSpec {
  /** The API group; '' for the core group (Pods, Services, ConfigMaps, Secrets, Events of core/v1). */
  readonly group: string;
  readonly version: string;
  /** The plural resource name, e.g. `deployments`, `memcacheds`. */
  readonly resource: string;
  /** A label selector (`a=b,c`): only matching objects are listed, watched and cached. */
  readonly labelSelector?: string | undefined;
}

/** A resource and the Kind its objects carry, e.g. apps/v1 deployments → Deployment. */
export interface KindSpec extends ResourceSpec {
  readonly kind: string;
}

/** `/api/v1/pods`, `/apis/apps/v1/deployments`: the all-namespaces collection (the watch path too). */
export function collectionPath(spec: ResourceSpec): string {
  // names that end up in a URL path: the grammars of API groups, versions and plural names (as the resources topics)
  const group = spec.group === '' || isDns1123Subdomain(spec.group);
  if (!group || !isDns1035Label(spec.version) || !isDns1123Label(spec.resource))
    throw new Error(
      `not a resource: group ${JSON.stringify(spec.group)}, version ${JSON.stringify(spec.version)}, resource ${JSON.stringify(spec.resource)}`,
    );
  return spec.group === ''
    ? `/api/${spec.version}/${spec.resource}`
    : `/apis/${spec.group}/${spec.version}/${spec.resource}`;
}

/** The cache key: `/apis/apps/v1/deployments` or `/api/v1/pods?labelSelector=app.kubernetes.io/managed-by`. */
export function specKey(spec: ResourceSpec): string {
  const path = collectionPath(spec);
  return spec.labelSelector === undefined || spec.labelSelector === ''
    ? path
    : `${path}?labelSelector=${spec.labelSelector}`;
}

/** The label every operand object of the studio carries (value: `<Kind>Controller` or `operator-studio`). */
export const OPERAND_LABEL = 'app.kubernetes.io/managed-by';

/** All Deployments: an operator's Owns(Deployment) filters by ownerReference, not by label (as controller-runtime). */
export const DEPLOYMENTS: KindSpec = { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment' };
/**
 * Every Pod, ReplicaSet, Job and PersistentVolumeClaim, unlabelled (docs/design/0047): a graph's
 * workloads make pods, ReplicaSets and a CronJob's Jobs that carry only the labels of the design's
 * own templates, and a StatefulSet's claims those of its volume claim templates. One informer per
 * kind for the image form's pod names, the Events' owner chain and the Pods panel.
 */
export const PODS: KindSpec = { group: '', version: 'v1', resource: 'pods', kind: 'Pod' };
export const REPLICASETS: KindSpec = { group: 'apps', version: 'v1', resource: 'replicasets', kind: 'ReplicaSet' };
export const JOBS: KindSpec = { group: 'batch', version: 'v1', resource: 'jobs', kind: 'Job' };
export const PERSISTENT_VOLUME_CLAIMS: KindSpec = {
  group: '',
  version: 'v1',
  resource: 'persistentvolumeclaims',
  kind: 'PersistentVolumeClaim',
};
export const EVENTS: KindSpec = { group: 'events.k8s.io', version: 'v1', resource: 'events', kind: 'Event' };
export const CRDS: KindSpec = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
};

/** What a CR's owned objects are looked for in by default: its Deployments, their ReplicaSets, their Pods. */
export const DEFAULT_OWNED_KINDS: readonly KindSpec[] = [DEPLOYMENTS, REPLICASETS, PODS];

/** The uid of the object's controller: the ownerReference with `controller: true`, else the studio's owner label. */
export function controllerUid(o: KubernetesObject): string | undefined {
  return ownerUidOf(o);
}

/** Does the object carry every label of `matchLabels` (a Deployment's `spec.selector.matchLabels`)? */
export function matchesLabels(o: KubernetesObject, matchLabels: Readonly<Record<string, string>>): boolean {
  const labels = o.metadata?.labels ?? {};
  return Object.entries(matchLabels).every(([k, v]) => labels[k] === v);
}
