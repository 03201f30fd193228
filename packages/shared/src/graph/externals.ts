// External references (model.ts EXTERNAL_REF) resolved for one custom resource: which object, or
// which list, each one names once its `${…}` over `self` are evaluated. The reconciler reads
// exactly these from its cache before planning (and indexes them, so a change of the object
// re-reconciles every custom resource that reads it); the planner describes the missing ones in
// its conditions. A selector's list is sorted by namespace and name, so expressions over it see
// one order in the studio and in the export.
import type { JSONValue } from '../crd/types';
import { isDns1123Label } from '../kube/names';
import type { PlanError } from './conditions';
import { closeCelContext, evaluateString, openCelContext, type CelContext } from './evaluate';
import { childPath } from './expressions';
import { isPathSegmentName } from './kube-names';
import { labelValueProblem, selectorMatches, type LabelSelector } from './label-selector';
import type { ExternalRef, KubeObject, ResourceGraph } from './model';

export interface ExternalTarget {
  readonly id: string;
  readonly apiVersion: string;
  readonly kind: string;
  /** absent: a cluster-scoped kind, or a selector over every namespace */
  readonly namespace?: string;
  /** one object by name; absent for a selector */
  readonly name?: string;
  /** every object whose labels match (values rendered); absent for a name */
  readonly selector?: LabelSelector;
}

/** What the reconciler hands the planner for an external reference: the object, the list, or nothing yet. */
export type ExternalValue = KubeObject | readonly KubeObject[] | undefined;

export interface ResolvedExternals {
  readonly targets: readonly ExternalTarget[];
  readonly errors: readonly PlanError[];
}

const nameText = (ref: ExternalRef) => `${ref.kind} name`;

/**
 * Each external reference's target for this custom resource; one whose expression fails is left
 * out (its dependents wait) and its failure is an error at its path.
 */
export function resolveExternals(
  graph: Pick<ResourceGraph, 'externalRefs'>,
  cr: KubeObject,
  context: CelContext | undefined,
  isNamespaced: (apiVersion: string, kind: string) => boolean,
): ResolvedExternals {
  const targets: ExternalTarget[] = [];
  const errors: PlanError[] = [];
  const crNamespace = (cr.metadata as { namespace?: JSONValue } | undefined)?.namespace;
  (graph.externalRefs ?? []).forEach((ref, i) => {
    const path = `externalRefs[${i}].metadata`;
    const fail = (at: string, message: string) => errors.push({ path: `${path}.${at}`, message });
    const render = (source: string, at: string): string | undefined => {
      const r = evaluateString(source, context, `${path}.${at}`);
      if (!r.ok) {
        errors.push(r);
        return undefined;
      }
      if (typeof r.value === 'string') return r.value;
      fail(at, `gives ${JSON.stringify(r.value)}, not a string`);
      return undefined;
    };
    const { id, apiVersion, kind, metadata } = ref;
    const base = { id, apiVersion, kind };
    let namespace: string | undefined;
    if (isNamespaced(apiVersion, kind)) {
      if (metadata.namespace !== undefined) {
        namespace = render(metadata.namespace, 'namespace');
        if (namespace === undefined) return;
        if (!isDns1123Label(namespace))
          return fail(
            'namespace',
            `${JSON.stringify(namespace)} is not a valid namespace: lower-case letters, digits and '-', starting and ending with a letter or digit, at most 63 characters`,
          );
      } else if (metadata.name !== undefined) {
        if (typeof crNamespace !== 'string')
          return fail('namespace', `${kind} is namespaced: give the namespace to read it from`);
        namespace = crNamespace;
      }
    }
    const ns = namespace !== undefined ? { namespace } : {};
    if (metadata.name !== undefined) {
      const name = render(metadata.name, 'name');
      if (name === undefined) return;
      if (!isPathSegmentName(name))
        return fail(
          'name',
          `${JSON.stringify(name)} is not a valid ${nameText(ref)}: any name but '.' or '..', without '/' or '%'`,
        );
      targets.push({ ...base, ...ns, name });
      return;
    }
    const selector = renderSelector(metadata.selector ?? {}, (source, at) => render(source, `selector.${at}`), fail);
    if (selector !== undefined) targets.push({ ...base, ...ns, selector });
  });
  return { targets, errors };
}

/**
 * The targets alone, in a CEL context of their own (the reconciler asks before it reads anything;
 * plan() resolves them again in its own context, where their failures are reported).
 */
export function externalTargets(
  graph: Pick<ResourceGraph, 'externalRefs' | 'resources'>,
  cr: KubeObject,
  isNamespaced: (apiVersion: string, kind: string) => boolean,
): ExternalTarget[] {
  if ((graph.externalRefs ?? []).length === 0) return [];
  const ids = [...(graph.externalRefs ?? []).map((r) => r.id), ...graph.resources.map((r) => r.id)];
  const context = openCelContext(ids, cr, new Map());
  try {
    return [...resolveExternals(graph, cr, context, isNamespaced).targets];
  } finally {
    if (context !== undefined) closeCelContext(context);
  }
}

function renderSelector(
  s: LabelSelector,
  render: (source: string, at: string) => string | undefined,
  fail: (at: string, message: string) => void,
): LabelSelector | undefined {
  const value = (source: string, at: string): string | undefined => {
    const v = render(source, at);
    if (v === undefined) return undefined;
    const problem = labelValueProblem(v);
    if (problem === undefined) return v;
    fail(`selector.${at}`, problem);
    return undefined;
  };
  const out: {
    matchLabels?: Record<string, string>;
    matchExpressions?: NonNullable<LabelSelector['matchExpressions']>;
  } = {};
  if (s.matchLabels !== undefined) {
    const labels: Record<string, string> = {};
    for (const [k, source] of Object.entries(s.matchLabels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const v = value(source, childPath('matchLabels', k));
      if (v === undefined) return undefined;
      labels[k] = v;
    }
    out.matchLabels = labels;
  }
  if (s.matchExpressions !== undefined) {
    const exprs: NonNullable<LabelSelector['matchExpressions']> = [];
    for (const [i, e] of s.matchExpressions.entries()) {
      const values: string[] = [];
      for (const [j, source] of (e.values ?? []).entries()) {
        const v = value(source, `matchExpressions[${i}].values[${j}]`);
        if (v === undefined) return undefined;
        values.push(v);
      }
      exprs.push({ key: e.key, operator: e.operator, ...(e.values !== undefined ? { values } : {}) });
    }
    out.matchExpressions = exprs;
  }
  return out;
}

interface Meta {
  readonly name?: string;
  readonly namespace?: string;
  readonly labels?: Readonly<Record<string, string>>;
}

/** Whether an object of the target's kind is what it reads (its name, or a match of its selector, in its namespace). */
export function targetMatches(t: ExternalTarget, metadata: Meta | undefined): boolean {
  const m = metadata ?? {};
  if (t.namespace !== undefined && m.namespace !== t.namespace) return false;
  if (t.name !== undefined) return m.name === t.name;
  return selectorMatches(t.selector ?? {}, m.labels ?? {});
}

/** The selected objects in one order everywhere: by namespace, then name. */
export function sortedSelection<T extends { metadata?: Meta }>(objects: readonly T[]): T[] {
  const key = (o: T) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
  return [...objects].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** `ConfigMap default/project-defaults`, `ConfigMaps matching team=a in default`. */
export function describeTarget(t: ExternalTarget): string {
  const where = t.namespace === undefined ? '' : `${t.namespace}/`;
  if (t.name !== undefined) return `${t.kind} ${where}${t.name}`;
  const terms = [
    ...Object.entries(t.selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(t.selector?.matchExpressions ?? []).map((e) =>
      e.operator === 'Exists'
        ? e.key
        : e.operator === 'DoesNotExist'
          ? `!${e.key}`
          : `${e.key} ${e.operator === 'In' ? 'in' : 'notin'} (${(e.values ?? []).join(',')})`,
    ),
  ];
  const matching = terms.length === 0 ? 'with any labels' : `matching ${terms.join(',')}`;
  return `${t.kind} objects ${matching} ${t.namespace === undefined ? 'in every namespace' : `in ${t.namespace}`}`;
}

/** What is wrong with the fixed parts of the external references, known before any custom resource. */
export function externalRefIssues(graph: Pick<ResourceGraph, 'externalRefs'>): PlanError[] {
  const out: PlanError[] = [];
  (graph.externalRefs ?? []).forEach((ref, i) => {
    const path = `externalRefs[${i}].metadata`;
    const literal = (s: string | undefined) => (s !== undefined && !s.includes('${') ? s : undefined);
    const name = literal(ref.metadata.name);
    if (name !== undefined && !isPathSegmentName(name))
      out.push({
        path: `${path}.name`,
        message: `${JSON.stringify(name)} is not a valid ${nameText(ref)}: any name but '.' or '..', without '/' or '%'`,
      });
    const namespace = literal(ref.metadata.namespace);
    if (namespace !== undefined && !isDns1123Label(namespace))
      out.push({ path: `${path}.namespace`, message: `${JSON.stringify(namespace)} is not a valid namespace` });
    const s = ref.metadata.selector;
    for (const [k, v] of Object.entries(s?.matchLabels ?? {})) {
      const problem = literal(v) === undefined ? undefined : labelValueProblem(v);
      if (problem !== undefined) out.push({ path: childPath(`${path}.selector.matchLabels`, k), message: problem });
    }
    (s?.matchExpressions ?? []).forEach((e, j) =>
      (e.values ?? []).forEach((v, n) => {
        const problem = literal(v) === undefined ? undefined : labelValueProblem(v);
        if (problem !== undefined)
          out.push({ path: `${path}.selector.matchExpressions[${j}].values[${n}]`, message: problem });
      }),
    );
  });
  return out;
}
