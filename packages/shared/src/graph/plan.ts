// The planner: (graph, custom resource, observed children) → what should exist, what to
// delete, what waits, and the status to report. Pure and synchronous, so the controller can
// call it every reconcile and the designer on every keystroke against the sample.
import type { JSONValue } from '../crd/types';
import { labelValue } from '../operand/desired';
import { builtinChildKind, isNamespacedOffline } from './child-kinds';
import { isNamespaceKind, placeChild } from './child-namespace';
import { planConditions, type PlanCondition, type PlanError } from './conditions';
import { analyzeGraph, readAfterPlanning, type AnalyzedChild, type GraphAnalysis } from './dependencies';
import {
  budgetMessage,
  closeCelContext,
  deriveCelContext,
  evaluateExpression,
  evaluateString,
  openCelContext,
  renderValue,
  type CelContext,
} from './evaluate';
import { nameProblem } from './kube-names';
import type { ChildResource, KubeObject, ResourceGraph } from './model';
import { OWNER_ANNOTATION, OWNER_UID_LABEL, ownerAnnotation } from './ownership';
import { planCustomConditions } from './custom-conditions';
import {
  describeTarget,
  resolveExternals,
  type ExternalTarget,
  type ExternalValue,
  type ResolvedExternals,
} from './externals';
import { childName } from './child-names';
import { isCollection, objectName, observedList } from './collections';
import { collectionReady, Collections, planCollection } from './plan-collection';
import { profilePlan } from './deploy-image-profile';

export { CHILD_NAME_MAX, childName } from './child-names';

export interface Plan {
  /** objects to apply, in dependency order; a collection's carry their element's key */
  desired: { id: string; object: KubeObject; key?: string }[];
  /** ids whose includeWhen is false but whose object exists */
  prune: string[];
  /**
   * each collection planned this time (docs/design/0041): its objects' names in element order;
   * an observed object of it under another name is one whose element left, and goes
   */
  collections?: Record<string, string[]>;
  /** children that need fields of children not observed yet */
  blocked: { id: string; waitingFor: string[] }[];
  /** values for the custom resource's status, keyed by path under `.status` */
  status: Record<string, JSONValue>;
  conditions: PlanCondition[];
  errors: PlanError[];
  /** what each external reference named for this custom resource (those that resolved) */
  externals?: ExternalTarget[];
}

/**
 * Each child by id (undefined: not there yet; a collection's: the list of its objects), and each
 * external reference: its object, or its list.
 */
export type Observed = ReadonlyMap<string, ExternalValue>;

export const MANAGED_BY = 'operator-studio';

export interface PlanOptions {
  /**
   * Whether a kind lives in a namespace: a cluster-scoped child gets no `metadata.namespace`.
   * The controller answers from discovery; the default knows the built-in kinds and takes any
   * other kind as namespaced.
   */
  isNamespaced?: (apiVersion: string, kind: string) => boolean;
  /**
   * Errors the design's checks found (types, cost estimates): a controller never evaluates an
   * expression the designer would have refused, whatever path the design took to it.
   */
  designErrors?: readonly PlanError[];
  /**
   * The designer's preview: each child is taken as observed as soon as it is planned, as if the
   * cluster held it at once, so children that read it render in the same pass (no status is
   * reported, so what reads one still waits). One pass instead of one per level of the graph.
   */
  assumeApplied?: boolean;
  /**
   * Why a workload child that is not ready waits, by child id (`pod kv-0: Unschedulable: …`,
   * pod-waits.ts): the reconciler reads its pods from the cache; the Progressing message says it.
   */
  waits?: Readonly<Record<string, string>>;
}

type Outcome = 'desired' | 'excluded' | 'blocked' | 'failed';

export function plan(graph: ResourceGraph, cr: KubeObject, observed: Observed, options: PlanOptions = {}): Plan {
  const p = planGraph(graph, cr, observed, options);
  // the image form's profile: its labels, its conditions (deploy-image-profile.ts)
  return graph.profile === undefined ? p : profilePlan(graph, graph.profile, p, cr, observed);
}

function planGraph(graph: ResourceGraph, cr: KubeObject, observed: Observed, options: PlanOptions): Plan {
  const isNamespaced = options.isNamespaced ?? isNamespacedOffline;
  const result: Plan = { desired: [], prune: [], blocked: [], status: {}, conditions: [], errors: [] };
  const analysis = analyzeGraph(graph);
  const owner = ownerOf(cr);
  result.errors.push(...analysis.issues.filter((i) => i.severity === 'error'));
  for (const e of options.designErrors ?? [])
    if (!result.errors.some((x) => x.path === e.path && x.message === e.message)) result.errors.push(e);
  if (typeof owner === 'string') result.errors.push({ path: 'self.metadata', message: owner });
  if (result.errors.length > 0 || typeof owner === 'string') {
    result.conditions = planConditions({ included: [], ready: new Set() }, result.errors);
    return result;
  }
  // a holder: binding a collection to its observed objects replaces the context (plan-collection.ts)
  const scope: Scope = {
    context: openCelContext(
      [...(graph.externalRefs ?? []).map((r) => r.id), ...graph.resources.map((r) => r.id)],
      cr,
      observed as ReadonlyMap<string, JSONValue | undefined>,
    ),
  };
  try {
    // what each external reference names, first: the reconciler read these before planning
    const externals = resolveExternals(graph, cr, scope.context, isNamespaced);
    result.errors.push(...externals.errors);
    result.externals = [...externals.targets];
    planChildren(
      graph,
      analysis,
      scope,
      observed,
      owner,
      isNamespaced,
      externals,
      result,
      options.assumeApplied === true,
      options.waits,
    );
  } finally {
    if (scope.context !== undefined) closeCelContext(scope.context);
  }
  // past the per-object budget the plan stops whole: nothing half-planned is applied
  const exhausted = scope.context?.exhaustedAt;
  if (exhausted === undefined) return result;
  const errors = [{ path: exhausted, message: budgetMessage(scope.context!.engine.limits.perReconcile, exhausted) }];
  return {
    desired: [],
    prune: [],
    blocked: [],
    status: {},
    errors,
    conditions: planConditions({ included: [], ready: new Set() }, errors),
  };
}

interface Scope {
  context: CelContext | undefined;
}

function planChildren(
  graph: ResourceGraph,
  analysis: GraphAnalysis,
  scope: Scope,
  observed: Observed,
  owner: Owner,
  isNamespaced: (apiVersion: string, kind: string) => boolean,
  externals: ResolvedExternals,
  result: Plan,
  assumeApplied: boolean,
  waits: Readonly<Record<string, string>> = {},
): void {
  const { order } = analysis;
  const collections = new Collections(graph, observed);
  const isObserved = (id: string) => collections.isObserved(id);
  const outcomes = new Map<string, Outcome>();
  const where: Where = { declared: graph.namespaces ?? [], created: createdNamespaces(graph, observed), isNamespaced };
  // the preview's children taken as created, bound in the CEL context only once an expression
  // about to run reads one (then all of them in one call): an Ingress its includeWhen leaves
  // out never has the Service it would read sent to the engine
  const unbound = new Map<string, KubeObject>();
  const reading: ContextFor = (reads) => {
    if (unbound.size > 0 && scope.context !== undefined && [...reads].some((id) => unbound.has(id))) {
      const next = deriveCelContext(scope.context, Object.fromEntries(unbound));
      closeCelContext(scope.context);
      scope.context = next;
      unbound.clear();
    }
    return scope.context;
  };
  for (const a of order) {
    const outcome = planChild(a, reading, isObserved, outcomes, owner, where, result, collections);
    outcomes.set(a.child.id, outcome);
    if (outcome === 'excluded' && collections.anyObserved(a.child.id)) result.prune.push(a.child.id);
    if (outcome === 'desired' && assumeApplied) {
      const object = collections.assume(a.child.id, result);
      if (object !== undefined) unbound.set(a.child.id, object);
    }
    if (outcome === 'desired') scope.context = collections.planned(a.child.id, scope.context, result);
  }
  const context = reading(readAfterPlanning(analysis));
  for (const [path, reads] of analysis.statusReads) {
    if (![...reads].every(isObserved)) continue; // reported once the children it reads exist
    const r = evaluateString(graph.status?.[path.slice('status.'.length)] ?? '', context, path);
    if (r.ok) result.status[path.slice('status.'.length)] = r.value;
    else if (!r.missing) result.errors.push(r);
  }
  const included = order.map((a) => a.child.id).filter((id) => outcomes.get(id) !== 'excluded');
  const ready = new Set(
    order.filter((a) => isReady(a, context, isObserved, result.errors, collections)).map((a) => a.child.id),
  );
  const targets = new Map(externals.targets.map((t) => [t.id, t]));
  // a child that waits for an external reference gone missing is not ready, even if it exists
  const missingExternal = (id: string) => targets.has(id) && !isObserved(id);
  for (const b of result.blocked) if (b.waitingFor.some(missingExternal)) ready.delete(b.id);
  const describe = (id: string): string => {
    const t = targets.get(id);
    if (t !== undefined) return describeTarget(t);
    return outcomes.get(id) === 'excluded' ? `${id} (excluded by its includeWhen)` : id;
  };
  const custom = planCustomConditions(
    { conditions: graph.conditions ?? [], reads: analysis.conditionReads, context, isObserved, describe },
    result.errors,
  );
  // a child waiting for an external reference that does not exist names it in the conditions
  const waitedFor = new Set(result.blocked.flatMap((b) => b.waitingFor));
  const missing = externals.targets.filter((t) => waitedFor.has(t.id) && missingExternal(t.id)).map(describeTarget);
  const why = new Map(Object.entries(waits));
  result.conditions = [...planConditions({ included, ready, missing, why }, result.errors), ...custom];
}

/** What placing a child needs besides the child: the declared and created namespaces, the kinds' scopes. */
interface Where {
  readonly declared: readonly string[];
  readonly created: ReadonlySet<string>;
  readonly isNamespaced: (apiVersion: string, kind: string) => boolean;
}

/** The names of the Namespaces this custom resource's graph created: its observed Namespace children (a collection's too). */
function createdNamespaces(graph: ResourceGraph, observed: Observed): Set<string> {
  const out = new Set<string>();
  for (const r of graph.resources) {
    if (!isNamespaceKind(r.template.apiVersion, r.template.kind)) continue;
    for (const o of observedList(observed.get(r.id))) {
      const name = objectName(o);
      if (name !== undefined) out.add(name);
    }
  }
  return out;
}

/** The plan's CEL context once the children `reads` names are bound in it. */
type ContextFor = (reads: ReadonlySet<string>) => CelContext | undefined;

function planChild(
  a: AnalyzedChild,
  contextFor: ContextFor,
  isObserved: (id: string) => boolean,
  outcomes: ReadonlyMap<string, Outcome>,
  owner: Owner,
  where: Where,
  result: Plan,
  collections: Collections,
): Outcome {
  const { child, reads, path } = a;
  // kro's rule: a child that reads an excluded child is excluded with it
  if ([...reads.include, ...reads.template].some((d) => outcomes.get(d) === 'excluded')) return 'excluded';
  const block = (ids: Iterable<string>): Outcome => {
    result.blocked.push({ id: child.id, waitingFor: [...ids] });
    return 'blocked';
  };
  const unseenForInclude = [...reads.include].filter((d) => !isObserved(d));
  if (unseenForInclude.length > 0) return block(unseenForInclude);
  if (child.includeWhen !== undefined) {
    const r = evaluateExpression(child.includeWhen, contextFor(reads.include), `${path}.includeWhen`);
    if (!r.ok || typeof r.value !== 'boolean') {
      result.errors.push(r.ok ? { path: `${path}.includeWhen`, message: 'includeWhen must give true or false' } : r);
      return 'failed';
    }
    if (!r.value) return 'excluded';
  }
  const unseen = [...reads.template].filter((d) => !isObserved(d));
  if (unseen.length > 0) return block(unseen);
  const context = contextFor(reads.template);
  const placed = (renderedObject: KubeObject, name?: string) => {
    const place = placeChild({
      child,
      rendered: (renderedObject.metadata as Record<string, JSONValue> | undefined)?.namespace,
      namespaced: where.isNamespaced(child.template.apiVersion, child.template.kind),
      ownerNamespace: owner.namespace,
      declared: where.declared,
      created: where.created,
    });
    const object = withPlannerMetadata(renderedObject, child.id, owner, 'problem' in place ? undefined : place, name);
    return { object, problem: 'problem' in place ? place.problem : undefined };
  };
  if (isCollection(child)) {
    const c = planCollection(a, context, {
      crName: owner.name,
      dress: placed,
      nameProblem: (object) => childNameProblem(child, object),
    });
    if (c.outcome === 'blocked') return block(reads.template);
    if (c.outcome === 'failed') result.errors.push(...c.errors);
    else {
      result.desired.push(...c.desired);
      collections.items.set(child.id, c.items);
    }
    return c.outcome;
  }
  const rendered = renderValue(child.template, context, `${path}.template`);
  if (!rendered.ok) {
    // a dependency observed but without the field yet (a status not reported) is waiting, not wrong
    if (rendered.missing && reads.template.size > 0) return block(reads.template);
    result.errors.push(rendered);
    return 'failed';
  }
  const { object, problem } = placed(rendered.value as KubeObject);
  const badName = childNameProblem(child, object);
  if (badName !== undefined) {
    // nothing is written for a child whose name the API server would refuse, or read another way
    result.errors.push({ path: `${path}.template.metadata.name`, message: badName });
    return 'failed';
  }
  if (problem !== undefined) {
    // nor one in a namespace the design did not say it may write in
    result.errors.push({ path: `${path}.template.metadata.namespace`, message: problem });
    return 'failed';
  }
  result.desired.push({ id: child.id, object });
  return 'desired';
}

/**
 * A rendered name is checked as the kind's name before the write: a name from an expression is
 * user input, and the API server's grammar for it differs by kind (a Service needs a DNS-1035
 * label, a Namespace a DNS-1123 label, RBAC objects a path segment, most kinds a subdomain).
 */
export function childNameProblem(child: ChildResource, object: KubeObject): string | undefined {
  const { apiVersion, kind } = child.template;
  const name = (object.metadata as { name?: JSONValue } | undefined)?.name;
  const known = builtinChildKind(apiVersion, kind);
  const problem =
    typeof name !== 'string'
      ? `is ${JSON.stringify(name ?? null)}, not a string`
      : nameProblem(name, kind, known?.name ?? 'dns1123-subdomain', known?.nameMax);
  return problem === undefined ? undefined : `child ${child.id}: metadata.name ${problem}`;
}

function isReady(
  a: AnalyzedChild,
  context: CelContext | undefined,
  isObserved: (id: string) => boolean,
  errors: PlanError[],
  collections: Collections,
): boolean {
  const { child, reads, path } = a;
  if (!isObserved(child.id)) return false;
  if (child.readyWhen === undefined) return true;
  if (![...reads.ready].every(isObserved)) return false;
  const items = collections.items.get(child.id);
  if (items !== undefined)
    return collectionReady(a, context, items, (name) => collections.byName(child.id, name), errors);
  const r = evaluateExpression(child.readyWhen, context, `${path}.readyWhen`);
  if (r.ok && typeof r.value === 'boolean') return r.value;
  if (!r.ok && r.missing) return false; // e.g. status.readyReplicas not reported yet
  errors.push(r.ok ? { path: `${path}.readyWhen`, message: 'readyWhen must give true or false' } : r);
  return false;
}

interface Owner {
  name: string;
  namespace: string | undefined;
  reference: {
    apiVersion: string;
    kind: string;
    name: string;
    uid: string;
    controller: true;
    blockOwnerDeletion: true;
  };
}

function ownerOf(cr: KubeObject): Owner | string {
  const meta = (cr.metadata ?? {}) as Record<string, JSONValue>;
  const [apiVersion, kind, name, uid] = [cr.apiVersion, cr.kind, meta.name, meta.uid];
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || typeof name !== 'string' || typeof uid !== 'string')
    return 'the custom resource needs apiVersion, kind, metadata.name and metadata.uid to own its children';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : undefined;
  return { name, namespace, reference: { apiVersion, kind, name, uid, controller: true, blockOwnerDeletion: true } };
}

/**
 * Name, labels and owner are the planner's, not the template's: two kinds with same-named
 * resources then never share a child, and every child can be found by its labels. The owner is
 * an owner reference where Kubernetes honours one, else the owner label and annotation
 * (child-namespace.ts); the namespace is the placement's.
 */
function withPlannerMetadata(
  object: KubeObject,
  id: string,
  owner: Owner,
  place: { namespace: string | undefined; byReference: boolean } | undefined,
  /** the name when the template sets none (a collection's element: `<cr>-<id>-<key>`) */
  defaultName: string = childName(owner.name, id),
): KubeObject {
  const meta = (object.metadata ?? {}) as Record<string, JSONValue>;
  const { [OWNER_UID_LABEL]: _uid, ...labels } = (meta.labels ?? {}) as Record<string, JSONValue>;
  const { [OWNER_ANNOTATION]: _owner, ...annotations } = (meta.annotations ?? {}) as Record<string, JSONValue>;
  const { namespace: _ns, ownerReferences: _refs, labels: _l, annotations: _a, ...rest } = meta;
  const byReference = place?.byReference ?? true;
  const { apiVersion, kind, uid } = owner.reference;
  const ownerAnnotations = byReference
    ? annotations
    : { ...annotations, [OWNER_ANNOTATION]: ownerAnnotation(apiVersion, kind, owner.namespace ?? '', owner.name) };
  const metadata: Record<string, JSONValue> = {
    ...rest,
    name: typeof meta.name === 'string' && meta.name !== '' ? meta.name : defaultName,
    ...(place?.namespace !== undefined ? { namespace: place.namespace } : {}),
    labels: {
      ...labels,
      'app.kubernetes.io/managed-by': MANAGED_BY,
      'app.kubernetes.io/instance': labelValue(owner.name),
      'app.kubernetes.io/component': id,
      ...(byReference ? {} : { [OWNER_UID_LABEL]: uid }),
    },
    ...(Object.keys(ownerAnnotations).length > 0 || 'annotations' in meta ? { annotations: ownerAnnotations } : {}),
    ...(byReference ? { ownerReferences: [{ ...owner.reference }] } : {}),
  };
  return { ...object, metadata };
}
