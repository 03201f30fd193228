// What each child reads, and so the order children are planned in. A child depends on every
// other child its template, includeWhen or readyWhen names; the order is topological, ties
// kept in the design's order so the plan reads like the design. Problems come back as issues
// at design paths, the shape the designer shows beside a field.
import type { JSONValue } from '../crd/types';
import { error, type Issue } from '../validate/issue';
import { collectExpressions, compileExpression, graphVariables, type ExpressionSite } from './expressions';
import { builtinChildKind } from './child-kinds';
import { namespaceChildOf } from './child-namespace';
import { analyzeIterators, type AnalyzedIterator } from './collection-analysis';
import { nameProblem } from './kube-names';
import type { ChildResource, ResourceGraph } from './model';
import { celEngine } from '../cel/engine';
import { customConditionIssues } from './custom-conditions';
import { externalRefIssues } from './externals';

export interface ChildReads {
  /** child ids read by includeWhen, by the template, by readyWhen (other than the child itself) */
  include: ReadonlySet<string>;
  template: ReadonlySet<string>;
  ready: ReadonlySet<string>;
}

export interface AnalyzedChild {
  child: ChildResource;
  path: string;
  reads: ChildReads;
  /** dependency id → the first field that reads it (for cycle messages) */
  edges: ReadonlyMap<string, string>;
  /** a collection's iterators, their CEL parsed out (empty for one object) */
  iterators: readonly AnalyzedIterator[];
}

export interface GraphAnalysis {
  /** children in dependency order; empty when there are errors */
  order: AnalyzedChild[];
  /** child ids read by each status binding, keyed by the binding's path */
  statusReads: ReadonlyMap<string, ReadonlySet<string>>;
  /** child and external ids read by each of the design's conditions, by index */
  conditionReads: readonly ReadonlySet<string>[];
  issues: Issue[];
}

const analyses = new WeakMap<ResourceGraph, GraphAnalysis>();

/** Analysis is per design, not per reconcile: kept while the graph object lives. */
export function analyzeGraph(graph: ResourceGraph): GraphAnalysis {
  let a = analyses.get(graph);
  if (a === undefined) {
    a = analyzeUncached(graph);
    // while the engine loads nothing is known of the expressions: ask again once it is there
    if (celEngine() !== undefined) analyses.set(graph, a);
  }
  return a;
}

const lateReadSets = new WeakMap<GraphAnalysis, ReadonlySet<string>>();

/**
 * The children read once every child is planned: a readyWhen's reads (a child's own readyWhen
 * reads the child), a status binding's, a condition's. The preview binds a child it takes as
 * created in the CEL context only when an expression about to run reads it (plan.ts): these,
 * or the includeWhen, forEach or template of a child planned after it.
 */
export function readAfterPlanning(analysis: GraphAnalysis): ReadonlySet<string> {
  let out = lateReadSets.get(analysis);
  if (out === undefined) {
    const ids = new Set<string>();
    for (const c of analysis.order) {
      for (const id of c.reads.ready) ids.add(id);
      if (c.child.readyWhen !== undefined) ids.add(c.child.id);
    }
    for (const reads of [...analysis.statusReads.values(), ...analysis.conditionReads])
      for (const id of reads) ids.add(id);
    out = ids;
    lateReadSets.set(analysis, out);
  }
  return out;
}

function analyzeUncached(graph: ResourceGraph): GraphAnalysis {
  const issues: Issue[] = [];
  const ids = new Set<string>();
  const claim = (id: string, path: string) => {
    if (ids.has(id)) issues.push(error(path, `the id ${id} is used by an earlier resource or external reference`));
    ids.add(id);
  };
  (graph.externalRefs ?? []).forEach((r, i) => claim(r.id, `externalRefs[${i}].id`));
  graph.resources.forEach((r, i) => claim(r.id, `resources[${i}].id`));
  const vars = graphVariables(ids);
  // a collection's template and readyWhen also see its iterators; what they read of those is no dependency
  const compile = (source: string, extra: readonly string[] = []) => compileExpression(source, [...vars, ...extra]);
  const readsOf = (sites: ExpressionSite[], own?: string, extra: readonly string[] = []): Set<string> => {
    const out = new Set<string>();
    for (const site of sites) {
      const c = compile(site.source, extra);
      if (!c.ok) {
        if (c.pending !== true) issues.push(error(site.path, `\${${site.source}}: ${c.message}`));
        continue;
      }
      for (const name of c.reads) if (name !== 'self' && name !== own && !extra.includes(name)) out.add(name);
    }
    return out;
  };
  const children = graph.resources.map((child, i) =>
    analyzeChild(child, `resources[${i}]`, issues, readsOf, compile, namespaceChildOf(child, graph.resources), ids),
  );
  const statusReads = new Map<string, ReadonlySet<string>>();
  for (const [field, expr] of Object.entries(graph.status ?? {})) {
    const path = `status.${field}`;
    statusReads.set(path, readsOf(sitesIn(expr, path, issues)));
  }
  (graph.externalRefs ?? []).forEach((r, i) => {
    // what to read is known before anything is observed: only `self`
    for (const site of sitesIn(r.metadata, `externalRefs[${i}].metadata`, issues))
      if ([...readsOf([site])].length > 0)
        issues.push(
          error(
            site.path,
            `\${${site.source}}: an external reference reads only self (what it names must be known before anything is observed)`,
          ),
        );
  });
  for (const e of [...externalRefIssues(graph), ...customConditionIssues(graph.conditions ?? [])])
    issues.push(error(e.path, e.message));
  const conditionReads = (graph.conditions ?? []).map((c, i) =>
    readsOf(
      (['status', 'reason', 'message'] as const).flatMap((k) => {
        const v = c[k];
        return v === undefined ? [] : sitesIn(v, `conditions[${i}].${k}`, issues);
      }),
    ),
  );
  const externals = new Set((graph.externalRefs ?? []).map((r) => r.id));
  const order = issues.length === 0 ? topologicalOrder(children, externals, issues) : [];
  return { order, statusReads, conditionReads, issues };
}

function sitesIn(value: JSONValue, path: string, issues: Issue[]): ExpressionSite[] {
  const sites: ExpressionSite[] = [];
  const bad: ExpressionSite[] = [];
  collectExpressions(value, path, sites, bad);
  for (const b of bad) issues.push(error(b.path, b.source));
  return sites;
}

function analyzeChild(
  child: ChildResource,
  path: string,
  issues: Issue[],
  readsOf: (sites: ExpressionSite[], own?: string, extra?: readonly string[]) => Set<string>,
  compile: (source: string, extra?: readonly string[]) => ReturnType<typeof compileExpression>,
  /** the Namespace child whose name is this child's namespace, written the same way */
  inNamespace: string | undefined,
  /** the ids of the children and external references (an iterator may not take one) */
  ids: ReadonlySet<string>,
): AnalyzedChild {
  const meta = child.template.metadata ?? {};
  if ('ownerReferences' in meta)
    issues.push(
      error(`${path}.template.metadata.ownerReferences`, 'remove it: the controller sets the owner reference'),
    );
  const literal = literalNameProblem(child);
  if (literal !== undefined) issues.push(error(`${path}.template.metadata.name`, literal));
  const { iterators, sites: forEachSites } = analyzeIterators(child, path, ids, issues);
  const names = iterators.map((it) => it.name);
  const templateSites = sitesIn(child.template, `${path}.template`, issues);
  const includeSites =
    child.includeWhen === undefined ? [] : [{ path: `${path}.includeWhen`, source: child.includeWhen }];
  const readySites = child.readyWhen === undefined ? [] : [{ path: `${path}.readyWhen`, source: child.readyWhen }];
  // a child's own id is a dependency on itself in its template or includeWhen (a cycle),
  // but in readyWhen it is how the child reads its observed state (a collection's: each object)
  const reads = {
    include: readsOf(includeSites),
    // the lists a collection walks are read before its template: the same dependencies
    template: new Set([...readsOf(forEachSites), ...readsOf(templateSites, undefined, names)]),
    ready: readsOf(readySites, child.id, names),
  };
  // a child inside a Namespace of the graph waits for it as if it read it (docs/design/0039)
  const edges = new Map<string, string>();
  if (inNamespace !== undefined) {
    reads.template.add(inNamespace);
    edges.set(inNamespace, `${path}.template.metadata.namespace`);
  }
  for (const site of [...includeSites, ...forEachSites, ...templateSites, ...readySites]) {
    const extra = site.path.startsWith(`${path}.template`) || site.path.endsWith('.readyWhen') ? names : [];
    const c = compile(site.source, extra);
    if (!c.ok) continue;
    for (const name of c.reads) {
      const isOwnReady = name === child.id && site.path.endsWith('.readyWhen');
      if (!edges.has(name) && !isOwnReady && name !== 'self' && !extra.includes(name)) edges.set(name, site.path);
    }
  }
  return { child, path, reads, edges, iterators };
}

/** A fixed name is known now: one the API server would refuse for the kind is a design error. */
function literalNameProblem(child: ChildResource): string | undefined {
  const name = child.template.metadata?.name;
  if (typeof name !== 'string' || name === '' || name.includes('${')) return undefined;
  const { apiVersion, kind } = child.template;
  const known = builtinChildKind(apiVersion, kind);
  return nameProblem(name, kind, known?.name ?? 'dns1123-subdomain', known?.nameMax);
}

function topologicalOrder(children: AnalyzedChild[], externals: ReadonlySet<string>, issues: Issue[]): AnalyzedChild[] {
  // external references are read before any child is planned: never waited for in the order
  const placed = new Set<string>(externals);
  const order: AnalyzedChild[] = [];
  for (let progress = true; progress;) {
    progress = false;
    for (const c of children) {
      if (placed.has(c.child.id) || ![...c.edges.keys()].every((d) => placed.has(d))) continue;
      placed.add(c.child.id);
      order.push(c);
      progress = true;
      break; // restart from the top so ties keep the design's order
    }
  }
  const left = children.filter((c) => !placed.has(c.child.id));
  if (left.length === 0) return order;
  issues.push(cycleIssue(left));
  return [];
}

/** Follows unplaced dependencies from one unplaced child until a child repeats: that loop is a cycle. */
function cycleIssue(left: AnalyzedChild[]): Issue {
  const byId = new Map(left.map((c) => [c.child.id, c]));
  const walk: AnalyzedChild[] = [];
  let at = left[0]!;
  while (!walk.includes(at)) {
    walk.push(at);
    const next = [...at.edges.keys()].find((d) => byId.has(d));
    at = byId.get(next!)!;
  }
  const cycle = walk.slice(walk.indexOf(at));
  const hops = cycle.map((c, i) => {
    const to = cycle[(i + 1) % cycle.length]!.child.id;
    return { from: c.child.id, to, field: c.edges.get(to)! };
  });
  const chain = [...cycle.map((c) => c.child.id), at.child.id].join(' → ');
  const fields = hops.map((h) => `${h.from} reads ${h.to} at ${h.field}`).join('; ');
  return error(hops[0]!.field, `${chain} is a cycle (${fields}): a resource cannot wait for one that waits for it`);
}
