// The children and the references between them, for the designer's small graph: one node per
// child (with its kind, whether includeWhen makes it optional, whether it is a collection) and per
// external reference, and one edge per child or external reference it reads. Read straight off the expressions, so a design with errors elsewhere (a cycle, an
// unknown name) still draws what it can; unknown names and unparsable expressions draw nothing.
import { collectExpressions, compileExpression, graphVariables, type ExpressionSite } from './expressions';
import { isCollection, iteratorExpression, iteratorsOf } from './collections';
import type { ResourceGraph } from './model';

export interface GraphNode {
  id: string;
  kind: string;
  conditional: boolean;
  /** an external reference: read from the cluster, never created */
  external?: true;
  /** how many references separate it from a child that reads no other (0 for those) */
  depth: number;
  /** a collection (forEach): one object per element */
  collection?: true;
}

export interface GraphEdge {
  /** the child that reads */
  from: string;
  /** the child it reads */
  to: string;
  /** where it reads it: template, includeWhen or readyWhen */
  via: 'template' | 'includeWhen' | 'readyWhen';
}

export function graphEdges(graph: ResourceGraph): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const externals = graph.externalRefs ?? [];
  const ids = new Set([...externals.map((r) => r.id), ...graph.resources.map((r) => r.id)]);
  const vars = graphVariables(ids);
  const edges: GraphEdge[] = [];
  for (const r of graph.resources) {
    const sites: ExpressionSite[] = [];
    // a collection's lists are read before its template; its template and readyWhen see its iterators
    const iterators = iteratorsOf(r, '');
    for (const it of iterators) {
      const parsed = iteratorExpression(it.value);
      if (parsed.ok) sites.push({ path: 'forEach', source: parsed.expr });
    }
    collectExpressions(r.template, 'template', sites, []);
    if (r.includeWhen !== undefined) sites.push({ path: 'includeWhen', source: r.includeWhen });
    if (r.readyWhen !== undefined) sites.push({ path: 'readyWhen', source: r.readyWhen });
    const names = iterators.map((it) => it.name);
    for (const site of sites) {
      const extra = site.path === 'forEach' || site.path === 'includeWhen' ? [] : names;
      const c = compileExpression(site.source, [...vars, ...extra]);
      if (!c.ok) continue;
      const via = site.path === 'includeWhen' || site.path === 'readyWhen' ? site.path : 'template';
      for (const to of c.reads) {
        if (to === r.id || !ids.has(to) || extra.includes(to) || edges.some((e) => e.from === r.id && e.to === to))
          continue;
        edges.push({ from: r.id, to, via });
      }
    }
  }
  const depth = new Map<string, number>();
  const depthOf = (id: string, seen: ReadonlySet<string>): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return 0; // a cycle: validation reports it; draw it flat
    const next = new Set(seen).add(id);
    const d = Math.max(-1, ...edges.filter((e) => e.from === id).map((e) => depthOf(e.to, next))) + 1;
    depth.set(id, d);
    return d;
  };
  const nodes: GraphNode[] = [
    ...externals.map((r) => ({ id: r.id, kind: r.kind, conditional: false, external: true as const, depth: 0 })),
    ...graph.resources.map((r) => ({
      id: r.id,
      kind: r.template.kind,
      conditional: r.includeWhen !== undefined,
      depth: depthOf(r.id, new Set()),
      ...(isCollection(r) ? { collection: true as const } : {}),
    })),
  ];
  return { nodes, edges };
}
