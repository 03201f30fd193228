/**
 * `internal/graph/design.json`: the design's resource graph as data for the exported Go planner
 * (docs/design/0016): the children in the studio's dependency order, each with the ids its
 * includeWhen, template and readyWhen read, and the status bindings with theirs. The Go side
 * evaluates the same `${…}` strings with internal/celenv (the studio's own CEL, in Go); it never
 * re-derives order or reads, so the two planners cannot disagree on them. JSON is data, not
 * source: nothing here reaches Go code.
 */
import type { JSONValue } from '../crd/types';
import { celEngine } from '../cel/engine';
import { analyzeGraph } from '../graph/dependencies';
import type { ResourceGraph } from '../graph/model';
import { ScaffoldError } from './errors';

export interface GraphChildKind {
  readonly apiVersion: string;
  readonly kind: string;
}

/** The analysed graph, as the Go package's `Parse` reads it. */
export function graphData(graph: ResourceGraph): JSONValue {
  // what each child reads comes from the CEL engine: without it the export would wait for nothing
  if (celEngine() === undefined)
    throw new Error(
      'exporting a resource graph needs the CEL engine: start it first (loadCel from @opstudio/cel/node)',
    );
  const analysis = analyzeGraph(graph);
  const first = analysis.issues.find((i) => i.severity === 'error');
  if (first !== undefined) throw new ScaffoldError(first.message, `operand.${first.path}`);
  const children = analysis.order.map(({ child, path, reads, iterators }) => {
    const { apiVersion, kind } = child.template;
    if (apiVersion.includes('${') || kind.includes('${'))
      throw new ScaffoldError(
        'apiVersion and kind are fixed strings: the controller watches each kind',
        `operand.${path}`,
      );
    return {
      id: child.id,
      path,
      apiVersion,
      kind,
      template: child.template,
      ...(child.includeWhen !== undefined ? { includeWhen: child.includeWhen } : {}),
      ...(child.readyWhen !== undefined ? { readyWhen: child.readyWhen } : {}),
      ...(child.adopt === true ? { adopt: true } : {}),
      // a collection (docs/design/0041): its iterators' names and CEL, and its limit
      ...(iterators.length > 0
        ? { iterators: iterators.map(({ name, expr, path: at }) => ({ name, expr, path: at })) }
        : {}),
      ...(child.forEachLimit !== undefined ? { limit: child.forEachLimit } : {}),
      reads: { include: [...reads.include], template: [...reads.template], ready: [...reads.ready] },
    };
  });
  const status = [...analysis.statusReads].map(([path, reads]) => {
    const field = path.slice('status.'.length);
    return { field, value: graph.status?.[field] ?? '', reads: [...reads] };
  });
  const externals = (graph.externalRefs ?? []).map((r, i) => ({
    id: r.id,
    path: `externalRefs[${i}]`,
    apiVersion: r.apiVersion,
    kind: r.kind,
    ...r.metadata,
  }));
  const conditions = (graph.conditions ?? []).map((c, i) => ({
    ...c,
    path: `conditions[${i}]`,
    reads: [...(analysis.conditionReads[i] ?? [])],
  }));
  return {
    externals,
    children,
    ...(graph.namespaces !== undefined ? { namespaces: graph.namespaces } : {}),
    status,
    conditions,
  };
}

/** The file's text: two-space indented JSON, a final newline. */
export function graphDataJson(graph: ResourceGraph): string {
  return `${JSON.stringify(graphData(graph), null, 2)}\n`;
}

/** Each kind an external reference reads once, in the design's order: what the controller watches and maps. */
export function externalKinds(graph: ResourceGraph): GraphChildKind[] {
  const seen = new Map<string, GraphChildKind>();
  for (const { apiVersion, kind } of graph.externalRefs ?? [])
    if (!seen.has(`${apiVersion}/${kind}`)) seen.set(`${apiVersion}/${kind}`, { apiVersion, kind });
  return [...seen.values()];
}

/** Each kind of child once, in the design's order: what the controller owns and watches. */
export function childKinds(graph: ResourceGraph): GraphChildKind[] {
  const seen = new Map<string, GraphChildKind>();
  for (const r of graph.resources) {
    const { apiVersion, kind } = r.template;
    if (!seen.has(`${apiVersion}/${kind}`)) seen.set(`${apiVersion}/${kind}`, { apiVersion, kind });
  }
  return [...seen.values()];
}
