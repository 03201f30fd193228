// The kinds a CR's owned objects are looked for in: its Deployments, every ReplicaSet, Pod, Job
// and PersistentVolumeClaim (what a workload makes carries only its template's labels: a graph
// StatefulSet's pods, a CronJob's Jobs, a StatefulSet's claims; docs/design/0047), and every
// other built-in kind a resource graph can create, watched only where the studio's planner
// labelled the object (managed-by=operator-studio). The graph operators watch their child kinds
// with the same selector, so the cache shares those informers.
import { BUILTIN_CHILD_KINDS, MANAGED_BY, type ChildKind } from '@opstudio/shared/graph/index';
import {
  DEFAULT_OWNED_KINDS,
  JOBS,
  OPERAND_LABEL,
  PERSISTENT_VOLUME_CLAIMS,
  type KindSpec,
} from '../kube/resource-spec';

const unlabelled: readonly KindSpec[] = [...DEFAULT_OWNED_KINDS, JOBS, PERSISTENT_VOLUME_CLAIMS];

// Of the cluster-scoped child kinds only Namespaces: the chart lets the studio read them (the
// cluster overview), so a Project's Namespace shows with the objects inside it. ClusterRoles and
// ClusterRoleBindings are left to the graph operators of the designs that have them: a
// cluster-wide watch of them here would need rights the chart does not give the studio
// (docs/design/0022, 0043).
const shown = (k: ChildKind) => k.namespaced || (k.group === '' && k.resource === 'namespaces');

const graphKinds: KindSpec[] = BUILTIN_CHILD_KINDS.filter(
  (k) => shown(k) && !unlabelled.some((d) => d.group === k.group && d.resource === k.resource),
).map(({ group, version, resource, kind }) => ({
  group,
  version,
  resource,
  kind,
  labelSelector: `${OPERAND_LABEL}=${MANAGED_BY}`,
}));

export const OWNED_KINDS: readonly KindSpec[] = [...unlabelled, ...graphKinds];
