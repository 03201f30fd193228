// A render case run (docs/design/0052): the planner the controller runs (operandGraph: a resource
// graph, or the image form's one Deployment) on the case's custom resource (defaulted as the API
// server stores it), with the external objects the case says exist, first as the designer's
// preview does (every child taken as created as soon as it is planned), then again with what the
// case says the cluster reports of each child (its status), so readiness, status and conditions
// come out as the controller would write them. What the case expects is compared field by field.
import type { CelEngine } from '../cel/engine';
import type { Design } from '../design/schema';
import { sampleOwner } from '../designer/graph-preview';
import { graphStatus } from '../graph/cr-status';
import { operandGraph } from '../graph/deploy-image-profile';
import type { KubeObject } from '../graph/model';
import { plan, type Plan } from '../graph/plan';
import { applyMergePatch } from '../resources/merge-patch';
import { mismatches, mismatchText, type Mismatch } from './match';
import type { ExpectedCondition, RenderCase } from './model';
import { storedObject } from './stored';

export interface CaseFailure {
  /** what was compared: `children.deployment`, `absent`, `status`, `conditions.Ready`, `observed.x` */
  readonly where: string;
  readonly text: string;
  readonly mismatch?: Mismatch;
}

/** What the controller would do for the case's custom resource: its children by id, status and conditions. */
export interface Rendered {
  readonly children: ReadonlyMap<string, KubeObject[]>;
  readonly status: Record<string, unknown>;
  readonly conditions: readonly { type: string; status: string; reason: string; message: string }[];
  /** expressions that failed, at their design paths */
  readonly errors: readonly string[];
}

/** The case's custom resource: a merge patch over the sample (as created: namespace, uid), or a whole object. */
export function caseResource(design: Design, c: Pick<RenderCase, 'cr' | 'object'>): KubeObject {
  if (c.object !== undefined) return c.object;
  return applyMergePatch(sampleOwner(design), c.cr ?? {}) as KubeObject;
}

/**
 * The children, status and conditions for `cr`, with `observed` (by child id, a merge patch
 * over each rendered child) as what the cluster reports. Unknown ids in `observed` are failures.
 */
export function renderFor(
  design: Design,
  given: KubeObject,
  observed: Readonly<Record<string, Record<string, unknown>>> = {},
  /** the CEL module, installed (the graph's expressions run in it): the CR is defaulted as the API server stores it */
  engine: CelEngine,
): { rendered: Rendered; failures: CaseFailure[] } {
  const graph = operandGraph(design);
  const cr = storedObject(engine, design, given);
  const failures: CaseFailure[] = [];
  const ids = new Set(graph.resources.map((r) => r.id));
  const externals = new Map((graph.externalRefs ?? []).map((x) => [x.id, x]));
  for (const id of Object.keys(observed))
    if (!ids.has(id) && !externals.has(id))
      failures.push({
        where: `observed.${id}`,
        text: `observed.${id}: the design has no child or external reference ${id}`,
      });
  // an external reference is what the case says the cluster holds (a selector's: `items`), or nothing
  const seen = new Map<string, KubeObject | KubeObject[] | undefined>();
  for (const [id, ref] of externals) {
    const given = observed[id];
    if (given === undefined) continue;
    seen.set(id, ref.metadata.selector !== undefined ? ((given.items ?? []) as KubeObject[]) : (given as KubeObject));
  }
  // first as the preview: every child counts as created as soon as it is planned, without a status
  const first = plan(graph, cr, seen, { assumeApplied: true });
  const lists = new Set(Object.keys(first.collections ?? {}));
  for (const d of first.desired) {
    const object = applyMergePatch(d.object, observed[d.id] ?? {}) as KubeObject;
    if (!lists.has(d.id)) seen.set(d.id, object);
    else seen.set(d.id, [...((seen.get(d.id) as KubeObject[] | undefined) ?? []), object]);
  }
  // then as a reconcile that finds them, with what the cluster reports of them
  const p: Plan = plan(graph, cr, seen);
  const children = new Map<string, KubeObject[]>();
  for (const d of p.desired) children.set(d.id, [...(children.get(d.id) ?? []), d.object]);
  const meta = cr.metadata as { name?: unknown } | undefined;
  const name = typeof meta?.name === 'string' ? meta.name : '';
  const written = graphStatus({
    before: [],
    plan: p,
    generation: 1,
    now: new Date(0),
    ...(graph.profile !== undefined ? { profile: { crName: name } } : {}),
  });
  return {
    rendered: {
      children,
      status: written.fields,
      conditions: written.conditions.map(({ type, status, reason, message }) => ({ type, status, reason, message })),
      errors: p.errors.map((e) => (e.path === '' ? e.message : `${e.path}: ${e.message}`)),
    },
    failures,
  };
}

export function runRenderCase(
  design: Design,
  c: RenderCase,
  engine: CelEngine,
): { failures: CaseFailure[]; rendered: Rendered } {
  const { rendered, failures } = renderFor(design, caseResource(design, c), c.observed ?? {}, engine);
  const exact = c.expect.exact === true;
  for (const e of rendered.errors)
    failures.push({ where: 'errors', text: `the design failed for this resource: ${e}` });
  for (const [id, expected] of Object.entries(c.expect.children ?? {})) {
    const got = rendered.children.get(id);
    if (got === undefined) {
      failures.push({ where: `children.${id}`, text: `children.${id}: not created for this resource` });
      continue;
    }
    const actual = Array.isArray(expected) ? got : got[0];
    for (const m of mismatches(expected, actual, exact, `children.${id}`))
      failures.push({ where: `children.${id}`, text: mismatchText(m), mismatch: m });
  }
  for (const id of c.expect.absent ?? [])
    if (rendered.children.has(id))
      failures.push({ where: 'absent', text: `absent: ${id} is created for this resource` });
  if (c.expect.status !== undefined)
    for (const m of mismatches(c.expect.status, rendered.status, false, 'status'))
      failures.push({ where: 'status', text: mismatchText(m), mismatch: m });
  for (const want of c.expect.conditions ?? []) failures.push(...conditionFailures(want, rendered.conditions));
  return { failures, rendered };
}

function conditionFailures(want: ExpectedCondition, got: Rendered['conditions']): CaseFailure[] {
  const where = `conditions.${want.type}`;
  const have = got.find((c) => c.type === want.type);
  if (have === undefined) return [{ where, text: `${where}: no condition of this type` }];
  const out: CaseFailure[] = [];
  for (const key of ['status', 'reason', 'message'] as const) {
    const w = want[key];
    if (w !== undefined && w !== have[key]) {
      const m = { path: `${where}.${key}`, expected: w, got: have[key] };
      out.push({ where, text: mismatchText(m), mismatch: m });
    }
  }
  if (want.messageContains !== undefined && !have.message.includes(want.messageContains))
    out.push({
      where,
      text: `${where}.message: expected to contain ${JSON.stringify(want.messageContains)}, got ${JSON.stringify(have.message)}`,
    });
  return out;
}
