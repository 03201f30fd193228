/**
 * The manager's RBAC: one list of `+kubebuilder:rbac` markers per design (the Go scaffold writes
 * the same list above the reconciler), and the ClusterRole controller-gen's rbac generator
 * makes of it: rules split per resource, merged and sorted the way its NormalizeRules does.
 */
import { fullGroup, resolveNames } from '../design/names';
import type { Design } from '../design/schema';
import { markerLine } from '../gotypes/go-text';
import { emitYaml } from '../yaml/emit';
import { designGraph, imageOperand } from '../design/operand-form';
import { childResourceOf } from '../graph/child-kinds';
import { bindingsOf } from '../graph/bindings';
import { checkedMarker } from './rbac-grammar';
import { waitsOnPods } from '../graph/pod-waits';

export interface RbacMarker {
  groups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
  urls?: string[];
}

export interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
  verbs: string[];
}

const ALL_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

/**
 * The markers the manager needs, in the order the scaffold writes them: kubebuilder v4.15's
 * Memcached tutorial controller (events through events.k8s.io, as its recorder uses).
 */
export function rbacMarkers(design: Design): RbacMarker[] {
  const group = fullGroup(design);
  const plural = resolveNames(design.crd.names).plural;
  const markers: RbacMarker[] = [
    { groups: [group], resources: [plural], verbs: ALL_VERBS },
    { groups: [group], resources: [`${plural}/status`], verbs: ['get', 'update', 'patch'] },
    { groups: [group], resources: [`${plural}/finalizers`], verbs: ['update'] },
    { groups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
  ];
  if (imageOperand(design)) {
    markers.push({ groups: ['apps'], resources: ['deployments'], verbs: ALL_VERBS });
    markers.push({ groups: ['core'], resources: ['pods'], verbs: ['get', 'list', 'watch'] });
  }
  // the resources form: every kind of child, once, in the design's order
  const graph = designGraph(design);
  const seen = new Set<string>();
  for (const child of graph?.resources ?? []) {
    const { group, resource } = childResourceOf(child.template.apiVersion, child.template.kind);
    const key = `${group}/${resource}`;
    if (seen.has(key)) continue;
    seen.add(key);
    markers.push({ groups: [group === '' ? 'core' : group], resources: [resource], verbs: ALL_VERBS });
  }
  // external references are read, never written: get/list/watch on a kind no child already has
  for (const ref of graph?.externalRefs ?? []) {
    const { group, resource } = childResourceOf(ref.apiVersion, ref.kind);
    const key = `${group}/${resource}`;
    if (seen.has(key)) continue;
    seen.add(key);
    markers.push({ groups: [group === '' ? 'core' : group], resources: [resource], verbs: ['get', 'list', 'watch'] });
  }
  // a workload child's pods say why they wait (graph/pod-waits.ts): read, never written; a
  // Deployment's pods through its ReplicaSets
  const reads = graph !== undefined && waitsOnPods(graph) ? [{ group: 'core', resource: 'pods', key: '/pods' }] : [];
  if (graph?.resources.some((r) => r.template.kind === 'Deployment') === true && reads.length > 0)
    reads.push({ group: 'apps', resource: 'replicasets', key: 'apps/replicasets' });
  for (const { group, resource, key } of reads) {
    if (seen.has(key)) continue;
    seen.add(key);
    markers.push({ groups: [group], resources: [resource], verbs: ['get', 'list', 'watch'] });
  }
  // RBAC's escalation check: a RoleBinding child needs `bind` on the role it names (graph/bindings.ts)
  for (const role of graph === undefined ? [] : bindingsOf(graph).roles)
    markers.push({
      groups: ['rbac.authorization.k8s.io'],
      resources: [role.kind === 'Role' ? 'roles' : 'clusterroles'],
      verbs: ['bind'],
      resourceNames: [role.name],
    });
  return markers;
}

/** The marker as Go source writes it: `// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list`. */
export function markerComment(marker: RbacMarker): string {
  const m = checkedMarker(marker);
  const parts = [`groups=${m.groups.join(';')}`, `resources=${m.resources.join(';')}`];
  if (m.resourceNames?.length) parts.push(`resourceNames=${m.resourceNames.join(';')}`);
  parts.push(`verbs=${m.verbs.join(';')}`);
  if (m.urls?.length) parts.push(`urls=${m.urls.join(';')}`);
  return markerLine(`+kubebuilder:rbac:${parts.join(',')}`);
}

interface Rule {
  groups: string[];
  resources: string[];
  resourceNames: string[];
  urls: string[];
  verbs: string[];
}

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const uniqSorted = (xs: readonly string[]): string[] => [...new Set(xs)].sort(byteOrder);
const join = (xs: readonly string[]): string => xs.join('&');

function normalize(r: Rule): Rule {
  return {
    groups: uniqSorted(r.groups),
    resources: uniqSorted(r.resources),
    resourceNames: uniqSorted(r.resourceNames),
    urls: uniqSorted(r.urls),
    verbs: uniqSorted(r.verbs),
  };
}

const ruleKey = (r: Rule): string =>
  `${join(r.groups)} + ${join(r.resources)} + ${join(r.resourceNames)} + ${join(r.urls)}`;

/** Merges rules that agree on everything but `field` (one of controller-gen's dedup passes). */
function mergeOn(rules: Rule[], field: 'resources' | 'groups' | 'urls'): Rule[] {
  const buckets = new Map<string, Rule[]>();
  for (const r of rules) {
    const k = [
      field === 'groups' ? '' : join(r.groups),
      field === 'resources' ? '' : join(r.resources),
      join(r.resourceNames),
      field === 'urls' ? '' : join(r.urls),
      join(r.verbs),
    ].join(' + ');
    buckets.set(k, [...(buckets.get(k) ?? []), r]);
  }
  const out = new Map<string, Rule>();
  for (const group of buckets.values()) {
    const merged = normalize({ ...group[0]!, [field]: group.flatMap((r) => r[field]) });
    out.set(ruleKey(merged), merged);
  }
  return [...out.values()];
}

/** controller-gen's NormalizeRules: one rule per resource, merged by verbs, resources, groups, URLs; sorted. */
export function normalizeRules(markers: readonly RbacMarker[]): PolicyRule[] {
  const byKey = new Map<string, Rule>();
  for (const m of markers) {
    const resources = m.resources.length > 0 ? m.resources.map((r) => [r]) : [[]];
    for (const res of resources) {
      const rule = normalize({
        groups: m.groups.map((g) => (g === 'core' ? '' : g)),
        resources: res,
        resourceNames: m.resourceNames ?? [],
        urls: m.urls ?? [],
        verbs: m.verbs,
      });
      const k = ruleKey(rule);
      const prev = byKey.get(k);
      byKey.set(k, prev ? { ...prev, verbs: uniqSorted([...prev.verbs, ...rule.verbs]) } : rule);
    }
  }
  let rules = mergeOn([...byKey.values()], 'resources');
  rules = mergeOn(rules, 'groups');
  rules = mergeOn(rules, 'urls');
  rules.sort((a, b) => byteOrder(ruleKey(a), ruleKey(b)));
  return rules.map((r) => {
    const out: PolicyRule = { verbs: r.verbs.includes('*') ? ['*'] : r.verbs };
    if (r.groups.length > 0) out.apiGroups = r.groups;
    if (r.resources.length > 0) out.resources = r.resources;
    if (r.resourceNames.length > 0) out.resourceNames = r.resourceNames;
    if (r.urls.length > 0) out.nonResourceURLs = r.urls;
    return out;
  });
}

/** config/rbac/role.yaml as `controller-gen rbac:roleName=<roleName>` writes it. */
export function generateRbac(design: Design, roleName = 'manager-role'): string {
  const role = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: roleName },
    rules: normalizeRules(rbacMarkers(design).map(checkedMarker)) as unknown as { [key: string]: string[] }[],
  };
  return emitYaml(role, { documentStart: true });
}
