// Each child a design makes for one custom resource, keyed so two designs' renders line up
// (`deployment`, a collection's `ports[metrics]`), and the difference between two such renders.
// Both operand forms render as the controller plans them (operandGraph: the image form is a
// one-Deployment graph, docs/design/0046), with the designer's preview (graph/preview.ts: one
// planner pass, every child taken as created). A child
// that waits for a field only the cluster reports is not rendered by either side, so it is not
// compared: the impact names what the designs decide, not what the cluster will report.
import { canonicalJson } from '../crd/diff-json';
import type { JSONValue } from '../crd/types';
import type { Design } from '../design/schema';
import type { KubeObject, ResourceGraph } from '../graph/model';
import { analyzeGraph } from '../graph/dependencies';
import { operandGraph } from '../graph/deploy-image-profile';
import { previewGraph } from '../graph/preview';
import { objectChanges } from '../resources/object-changes';
import type { ChildChange } from './types';

export interface RenderedChild {
  readonly kind: string;
  readonly name: string;
  readonly object: KubeObject;
}

export interface RenderedChildren {
  /** by the child's key: its id, or `id[element key]` for a collection's objects */
  readonly children: ReadonlyMap<string, RenderedChild>;
  /** children the design fails to render for this resource: `deployment: …` */
  readonly failures: readonly string[];
  /** the ids of those children */
  readonly failed: ReadonlySet<string>;
}

/** How one design renders children: made once per design, called once per custom resource. */
export type ChildRenderer = (cr: KubeObject) => RenderedChildren;

export function childRenderer(design: Design): ChildRenderer {
  const graph = operandGraph(design);
  return (cr) => renderGraph(graph, cr);
}

/**
 * The installed design's renderer and the draft's, each planning only what can differ: the
 * children whose definition changed, what reads them, and what those read (so they render).
 * A child defined alike in both whose inputs are alike renders alike, so it is never planned:
 * the impact of a new image on 1,000 resources plans one Deployment and its ConfigMap per
 * resource, not the whole graph twice.
 */
export function childRenderers(before: Design, after: Design): [ChildRenderer, ChildRenderer] {
  const narrowed = narrowGraphs(operandGraph(before), operandGraph(after));
  if (narrowed === undefined) return [childRenderer(before), childRenderer(after)];
  const [na, nb, compared] = narrowed;
  const only = (r: RenderedChildren): RenderedChildren => ({
    children: new Map([...r.children].filter(([key]) => compared.has(baseId(key)))),
    failures: r.failures,
    failed: r.failed,
  });
  return [(cr) => only(renderGraph(na, cr)), (cr) => only(renderGraph(nb, cr))];
}

/** Both graphs narrowed, and the ids whose renders are compared (the rest render only to be read). */
function narrowGraphs(a: ResourceGraph, b: ResourceGraph): [ResourceGraph, ResourceGraph, Set<string>] | undefined {
  // what every child may read, where it goes, how it is planned: a change there can change any child
  const shared = (g: ResourceGraph) =>
    canonicalJson([g.externalRefs ?? null, g.namespaces ?? null, (g.profile ?? null) as JSONValue]);
  if (shared(a) !== shared(b)) return undefined;
  const defs = (g: ResourceGraph) => new Map(g.resources.map((r) => [r.id, canonicalJson(r)]));
  const [da, db] = [defs(a), defs(b)];
  const differing = new Set([...da.keys(), ...db.keys()].filter((id) => da.get(id) !== db.get(id)));
  const compared = new Set<string>();
  const narrow = (g: ResourceGraph): ResourceGraph | undefined => {
    const analysis = analyzeGraph(g);
    if (analysis.order.length === 0 && g.resources.length > 0) return undefined;
    // what a child's render reads: its includeWhen, forEach and template (readiness is no part of it)
    const reads = new Map(analysis.order.map((c) => [c.child.id, [...c.reads.include, ...c.reads.template]]));
    // what reads a differing child differs too (in dependency order, so one pass)
    const affected = new Set<string>();
    for (const c of analysis.order)
      if (differing.has(c.child.id) || (reads.get(c.child.id) ?? []).some((d) => affected.has(d)))
        affected.add(c.child.id);
    affected.forEach((id) => compared.add(id));
    // and to render them, what they read
    const keep = new Set<string>();
    const add = (id: string): void => {
      if (keep.has(id) || !reads.has(id)) return;
      keep.add(id);
      for (const d of reads.get(id) ?? []) add(d);
    };
    affected.forEach(add);
    return {
      ...(g.profile !== undefined ? { profile: g.profile } : {}),
      ...(g.externalRefs !== undefined ? { externalRefs: g.externalRefs } : {}),
      ...(g.namespaces !== undefined ? { namespaces: g.namespaces } : {}),
      // only the children: no status, conditions or readyWhen to evaluate for every resource
      resources: g.resources.filter((r) => keep.has(r.id)).map(({ readyWhen: _ready, ...r }) => r),
    };
  };
  const [na, nb] = [narrow(a), narrow(b)];
  return na === undefined || nb === undefined ? undefined : [na, nb, compared];
}

const nameOf = (o: KubeObject): string => {
  const meta = o.metadata as { name?: unknown } | undefined;
  return typeof meta?.name === 'string' ? meta.name : '';
};

function renderGraph(graph: ResourceGraph, cr: KubeObject): RenderedChildren {
  const preview = previewGraph(graph, cr);
  const children = new Map<string, RenderedChild>();
  const failures: string[] = [];
  const failed = new Set<string>();
  for (const c of preview.children) {
    if (c.state === 'rendered') children.set(c.id, { kind: c.kind, name: nameOf(c.object), object: c.object });
    else if (c.state === 'collection')
      for (const { key, object } of c.objects)
        children.set(`${c.id}[${key}]`, { kind: c.kind, name: nameOf(object), object });
    else if (c.state === 'failed') {
      failed.add(c.id);
      failures.push(`${c.id}: ${c.errors.map((e) => e.message).join('; ')}`);
    }
  }
  for (const e of preview.errors) failures.push(e.path === '' ? e.message : `${e.path}: ${e.message}`);
  return { children, failures, failed };
}

/** What changes from the installed design's children to the draft's, in the draft's order, deletions last. */
export function diffChildren(before: RenderedChildren, after: RenderedChildren): ChildChange[] {
  const out: ChildChange[] = [];
  for (const [id, child] of after.children) {
    const was = before.children.get(id);
    if (was === undefined) {
      // a child the installed design failed to render is not "added" by the draft
      if (!before.failed.has(baseId(id)))
        out.push({ id, kind: child.kind, name: child.name, change: 'added', fields: [], object: child.object });
      continue;
    }
    const fields = objectChanges(was.object, child.object);
    if (fields.length > 0)
      out.push({ id, kind: child.kind, name: child.name, change: 'changed', fields, object: child.object });
  }
  for (const [id, child] of before.children) {
    if (after.children.has(id)) continue;
    // one the draft cannot render is a failure, not a deletion
    if (after.failed.has(baseId(id))) continue;
    out.push({ id, kind: child.kind, name: child.name, change: 'deleted', fields: [] });
  }
  return out;
}

/** `ports[metrics]` → `ports` */
const baseId = (key: string): string => key.replace(/\[.*$/, '');
