// What the graph reconciler decides about its children without any I/O: whether an observed
// child holds what the plan wants (drift), which observed children to delete, and the Event
// each apply or delete gives (`Created ConfigMap site-config`).
import { fieldDrift, type FieldChange } from '../operand/drift';
import { isCollection } from './collections';
import type { Plan } from './plan';
import type { ResourceGraph } from './model';

/**
 * The differences between a planned child and the observed one, the fields we set only. A zero
 * value we set (`env: []`, `false`, `0`, `""`, `{}`) matches a field the server left out: Go's
 * `omitempty` drops them, and comparing them would apply the same object on every reconcile.
 */
export function childDrift(desired: unknown, observed: unknown): FieldChange[] {
  return fieldDrift(withoutZeroValues(withoutClusterNamespace(desired, observed)), observed);
}

/**
 * An observed object without a namespace is cluster-scoped (the API server drops a namespace
 * sent with one): a namespace the plan set on it, for a kind whose scope it could not know
 * offline, is not drift, or the child would be re-applied and reported on every reconcile.
 */
function withoutClusterNamespace(desired: unknown, observed: unknown): unknown {
  const meta = (o: unknown): Record<string, unknown> | undefined => {
    const m = typeof o === 'object' && o !== null ? (o as { metadata?: unknown }).metadata : undefined;
    return typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : undefined;
  };
  const want = meta(desired);
  const have = meta(observed);
  if (want === undefined || have === undefined || !('namespace' in want) || have.namespace !== undefined)
    return desired;
  const { namespace: _ns, ...rest } = want;
  return { ...(desired as object), metadata: rest };
}

function withoutZeroValues(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutZeroValues);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!isZero(x)) out[k] = withoutZeroValues(x);
  return out;
}

function isZero(v: unknown): boolean {
  if (v === null || v === false || v === 0 || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v).length === 0;
}

/** An observed child: what the reconciler found controlled by the custom resource. */
export interface OwnedChild {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: {
    readonly name?: string;
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
}

export const COMPONENT_LABEL = 'app.kubernetes.io/component';

/** The child id an observed object carries (its component label). */
export function componentOf(o: OwnedChild): string | undefined {
  return o.metadata?.labels?.[COMPONENT_LABEL];
}

/**
 * Which objects controlled by the custom resource go: those the plan prunes (includeWhen false),
 * those whose id is no longer in the design or now names another kind, an earlier name (or
 * namespace) of a child the plan moves, and a collection's objects whose element left its list. A
 * blocked or failed child is left alone (its id is neither desired nor pruned).
 */
export function staleChildren<T extends OwnedChild>(graph: ResourceGraph, p: Plan, owned: readonly T[]): T[] {
  const templates = new Map(graph.resources.map((r) => [r.id, r.template]));
  const collections = new Set(graph.resources.filter(isCollection).map((r) => r.id));
  const desired = new Map(p.desired.map((d) => [d.id, d.object]));
  const prune = new Set(p.prune);

  return owned.filter((o) => {
    const id = componentOf(o);
    if (id === undefined) return false; // not one of ours by label: never delete what we cannot name
    const template = templates.get(id);
    if (template === undefined || prune.has(id)) return true;
    if (template.apiVersion !== o.apiVersion || template.kind !== o.kind) return true;
    // a collection's object goes when its element left the list; one not planned this time (blocked, failed) keeps all
    const names = collections.has(id) ? p.collections?.[id] : undefined;
    if (collections.has(id) && (names === undefined || !names.includes(o.metadata?.name ?? '')))
      return names !== undefined;
    const object = collections.has(id)
      ? p.desired.find((d) => d.id === id && (d.object.metadata as { name?: unknown }).name === o.metadata?.name)
          ?.object
      : desired.get(id);
    const want = object?.metadata as { name?: unknown; namespace?: unknown } | undefined;
    if (want === undefined || typeof want.name !== 'string') return false;
    // a cluster-scoped child the plan gave a namespace (a kind not known offline) stays where it is
    const moved =
      typeof want.namespace === 'string' &&
      o.metadata?.namespace !== undefined &&
      want.namespace !== o.metadata.namespace;
    return want.name !== o.metadata?.name || moved;
  });
}

export type ChildVerb = 'created' | 'updated' | 'deleted';

export interface ChildEvent {
  readonly type: 'Normal';
  readonly reason: 'Created' | 'Updated' | 'Deleted';
  readonly action: 'Create' | 'Update' | 'Delete';
  /** `Created ConfigMap site-config`, `Updated Deployment site-deployment: replicas 1→2` */
  readonly note: string;
}

const words = {
  created: ['Created', 'Create'],
  updated: ['Updated', 'Update'],
  deleted: ['Deleted', 'Delete'],
} as const;

/** The Event for a child that was created, updated or deleted; `detail` (the changed fields) goes after a colon. */
export function childEvent(verb: ChildVerb, kind: string, name: string, detail?: string): ChildEvent {
  const [reason, action] = words[verb];
  const note = `${reason} ${kind} ${name}${detail !== undefined && detail !== '' ? `: ${detail}` : ''}`;
  return { type: 'Normal', reason, action, note };
}
