// What the controller would create for one custom resource, for the designer's preview: the
// planner run once with every child it renders taken as observed at once (the cluster "created"
// it, PlanOptions.assumeApplied), so children that read other children render too.
// Children left out by includeWhen are listed as excluded; a child that needs a field only the
// cluster fills in (a status) stays waiting.
import type { JSONValue } from '../crd/types';
import { CONDITION_TYPES, type PlanCondition, type PlanError } from './conditions';
import { describeTarget } from './externals';
import { analyzeGraph } from './dependencies';
import { isCollection } from './collections';
import type { KubeObject, ResourceGraph } from './model';
import { plan, type Plan } from './plan';

export type ChildPreview =
  | { id: string; kind: string; state: 'rendered'; object: KubeObject }
  /** a collection (forEach): every object it makes for the sample, with its element's key */
  | { id: string; kind: string; state: 'collection'; objects: { key: string; object: KubeObject }[] }
  | { id: string; kind: string; state: 'excluded' }
  | { id: string; kind: string; state: 'waiting'; waitingFor: string[] }
  | { id: string; kind: string; state: 'failed'; errors: PlanError[] };

export interface GraphPreview {
  /** every child, in the design's order */
  children: ChildPreview[];
  /** the status the controller would report once the rendered children exist */
  status: Record<string, JSONValue>;
  /** errors not tied to one child (status bindings, the custom resource itself) */
  errors: PlanError[];
  /** each external reference and what it reads for this custom resource (the preview reads nothing) */
  externals: { id: string; reads: string }[];
  /** the design's own conditions, as they would be once the rendered children exist */
  conditions: PlanCondition[];
}

export function previewGraph(graph: ResourceGraph, cr: KubeObject): GraphPreview {
  // one pass: each child counts as created once planned, so what reads it renders after it
  const last: Plan = plan(graph, cr, new Map(), { assumeApplied: true });
  const rendered = new Map(last.desired.map((d) => [d.id, d.object]));
  const planned = new Set(Object.keys(last.collections ?? {}));
  const collections = new Set(graph.resources.filter(isCollection).map((r) => r.id));
  const blocked = new Map(last.blocked.map((b) => [b.id, b.waitingFor]));
  const errorsOf = (i: number) =>
    last.errors.filter((e) => e.path === `resources[${i}]` || e.path.startsWith(`resources[${i}].`));
  // with a cycle or an unknown name nothing is planned: no child is "excluded", all wait for a fix
  const unplannable = analyzeGraph(graph).issues.some((i) => i.severity === 'error');
  const children = graph.resources.map((r, i): ChildPreview => {
    const base = { id: r.id, kind: r.template.kind };
    if (collections.has(r.id) && planned.has(r.id)) {
      const objects = last.desired.filter((d) => d.id === r.id).map((d) => ({ key: d.key ?? '', object: d.object }));
      return { ...base, state: 'collection', objects };
    }
    const object = rendered.get(r.id);
    if (object !== undefined) return { ...base, state: 'rendered', object };
    const errors = errorsOf(i);
    if (errors.length > 0) return { ...base, state: 'failed', errors };
    if (unplannable)
      return {
        ...base,
        state: 'failed',
        errors: [{ path: '', message: 'not planned until the errors of the design are fixed' }],
      };
    const waitingFor = blocked.get(r.id);
    if (waitingFor !== undefined) return { ...base, state: 'waiting', waitingFor };
    return { ...base, state: 'excluded' };
  });
  const errors = last.errors.filter((e) => !/^resources\[\d+\]/.test(e.path));
  const builtin: readonly string[] = CONDITION_TYPES;
  return {
    children,
    status: last.status,
    errors,
    externals: (last.externals ?? []).map((t) => ({ id: t.id, reads: describeTarget(t) })),
    conditions: last.conditions.filter((c) => !builtin.includes(c.type)),
  };
}
