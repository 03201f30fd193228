// What deleting a custom resource takes with it and what it leaves, in the words of the delete
// dialog: the children its design makes (the image form: one Deployment), their pods where they
// run workloads, and the PersistentVolumeClaims a StatefulSet child's volume claim templates
// leave behind, which Kubernetes keeps unless the StatefulSet's
// persistentVolumeClaimRetentionPolicy says `whenDeleted: Delete` (a delete keeps the data).
import { isPlainObject } from '../crd/schema-field';
import type { Design } from '../design/schema';

export interface DeleteConsequences {
  /** "its Deployment and its pods", "its StatefulSet, 2 Services, a ConfigMap per element …" */
  readonly takes: string;
  /** The claims left behind, or null. */
  readonly keeps: string | null;
}

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'ReplicaSet', 'Pod']);

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}

/** The claim-name prefixes of a StatefulSet template whose claims outlive it, or none. */
function keptClaims(template: Record<string, unknown>): string[] {
  const spec = isPlainObject(template.spec) ? template.spec : {};
  const claims = Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : [];
  const policy = isPlainObject(spec.persistentVolumeClaimRetentionPolicy)
    ? spec.persistentVolumeClaimRetentionPolicy
    : {};
  if (policy.whenDeleted === 'Delete') return [];
  return claims.flatMap((c) =>
    isPlainObject(c) && isPlainObject(c.metadata) && typeof c.metadata.name === 'string' ? [c.metadata.name] : [],
  );
}

export function deleteConsequences(design: Design): DeleteConsequences {
  const children = design.operand?.resources;
  if (children === undefined) {
    return design.operand?.image !== undefined
      ? { takes: 'its Deployment and its pods', keeps: null }
      : { takes: 'nothing: its design creates no objects', keeps: null };
  }
  const counts = new Map<string, { one: number; each: boolean }>();
  let pods = false;
  const kept: string[] = [];
  for (const child of children) {
    const kind = child.template.kind;
    const c = counts.get(kind) ?? { one: 0, each: false };
    if (child.forEach !== undefined) c.each = true;
    else c.one += 1;
    counts.set(kind, c);
    if (WORKLOADS.has(kind)) pods = true;
    if (kind === 'StatefulSet') kept.push(...keptClaims(child.template));
  }
  const words = [...counts].map(([kind, c]) => {
    const fixed = c.one === 0 ? null : c.one === 1 ? kind : `${c.one} ${kind}s`;
    const each = c.each ? `a ${kind} per element of its collection` : null;
    return [fixed, each].filter((w) => w !== null).join(' and ');
  });
  if (words.length === 0) return { takes: 'nothing: its design creates no objects', keeps: null };
  const takes = `its ${list(words)}${pods ? ', with their pods' : ''}`;
  const keeps =
    kept.length === 0
      ? null
      : `Its StatefulSet's PersistentVolumeClaims (${kept.map((k) => `${k}-…`).join(', ')}) stay, as Kubernetes keeps a StatefulSet's claims unless its persistentVolumeClaimRetentionPolicy says whenDeleted: Delete: delete them to release their volumes and data.`;
  return { takes, keeps };
}
