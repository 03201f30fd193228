// How the designer's Tests tab changes a design's `tests` (docs/design/0052): a new case from the
// sample or from a live custom resource and its children, "Save as expected" (what the controller
// renders for a case written into it as its expectations), a case replaced or removed. Each is a
// function of the design, so the designer applies it as any other edit (undo, unsaved marker,
// YAML in step). And the two sides of a failing case's diff, each difference at its field.
import type { Design } from '../design/schema';
import { sampleOwner } from '../designer/graph-preview';
import { componentOf } from '../graph/child-sync';
import { isCollection } from '../graph/collections';
import { operandGraph } from '../graph/deploy-image-profile';
import type { KubeObject } from '../graph/model';
import { isPlainObject, mergePatchOf } from '../resources/merge-patch';
import { emitYaml, type YamlValue } from '../yaml/emit';
import type { RenderCase, ValidationCase } from './model';
import type { Rendered, CaseFailure } from './render-case';

type JsonObject = NonNullable<RenderCase['cr']>;

/** Rendered as plain JSON (a worker's answer carries it; a case is written from it). */
export interface RenderedView {
  /** by child id, the objects the controller makes (one, or a collection's every object) */
  readonly children: Readonly<Record<string, readonly KubeObject[]>>;
  readonly status: Readonly<Record<string, unknown>>;
  readonly conditions: Rendered['conditions'];
}

export const renderedView = (r: Rendered): RenderedView => ({
  children: Object.fromEntries(r.children),
  status: r.status,
  conditions: r.conditions,
});

/** `base`, or `base 2`, `base 3`…: a name no case of that kind has yet. */
export function freshCaseName(taken: readonly string[], base: string): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}

/** A child as its case expects it: the owner reference (the sample's stand-in uid) left out. */
function expectedChild(o: KubeObject): KubeObject {
  const meta = o.metadata;
  if (!isPlainObject(meta) || !('ownerReferences' in meta)) return o;
  const { ownerReferences: _, ...rest } = meta;
  return { ...o, metadata: rest };
}

/**
 * The case expecting exactly what was rendered for it: every child (a collection as its list),
 * every other child of the design as absent, the status written and each condition's type,
 * status and reason (its message is wording, left out). `exact` is kept as the author set it.
 */
export function expectRendered(design: Design, c: RenderCase, got: RenderedView): RenderCase {
  const graph = operandGraph(design);
  const lists = new Set(graph.resources.filter(isCollection).map((r) => r.id));
  const children: Record<string, JsonObject | JsonObject[]> = {};
  for (const [id, objects] of Object.entries(got.children)) {
    const first = objects[0];
    if (lists.has(id)) children[id] = objects.map((o) => expectedChild(o) as JsonObject);
    else if (first !== undefined) children[id] = expectedChild(first) as JsonObject;
  }
  const absent = graph.resources.map((r) => r.id).filter((id) => !(id in got.children));
  const expect: RenderCase['expect'] = {
    ...(Object.keys(children).length > 0 ? { children } : {}),
    ...(absent.length > 0 ? { absent } : {}),
    ...(Object.keys(got.status).length > 0 ? { status: got.status as JsonObject } : {}),
    ...(got.conditions.length > 0
      ? {
          conditions: got.conditions.map(({ type, status, reason }) => ({
            type,
            status: status as 'True' | 'False' | 'Unknown',
            reason,
          })),
        }
      : {}),
    ...(c.expect.exact !== undefined ? { exact: c.expect.exact } : {}),
  };
  return { ...c, expect };
}

const renderNames = (d: Design) => (d.tests?.render ?? []).map((c) => c.name);
const validationNames = (d: Design) => (d.tests?.validation ?? []).map((c) => c.name);

/** A render case of the sample as it is, expecting nothing yet ("Save as expected" fills it). */
export const sampleCase = (design: Design): RenderCase => ({
  name: freshCaseName(renderNames(design), 'the sample'),
  expect: {},
});

/** An object the cluster holds (a custom resource or a child), as far as a case reads it. */
export interface LiveObject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: {
    readonly name?: string;
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
  };
  readonly spec?: unknown;
  readonly status?: unknown;
}

/**
 * A render case of a live custom resource: its name, namespace and spec as a merge patch over the
 * sample, and what the cluster reports of each child it owns (its status, by the child id its
 * component label names; a collection's objects are left out: one patch applies to them all).
 * Expecting nothing yet: "Save as expected" writes what the controller makes of it.
 */
export function liveCase(design: Design, cr: LiveObject, children: readonly LiveObject[]): RenderCase {
  const sample = sampleOwner(design);
  const sampleMeta = (sample.metadata ?? {}) as Record<string, unknown>;
  const metadata: Record<string, string> = {};
  const name = cr.metadata?.name;
  const namespace = cr.metadata?.namespace;
  if (name !== undefined && name !== sampleMeta.name) metadata.name = name;
  if (namespace !== undefined && namespace !== sampleMeta.namespace) metadata.namespace = namespace;
  const spec = mergePatchOf(sample.spec ?? {}, cr.spec ?? {});
  const patch: JsonObject = {
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...(spec !== undefined ? { spec: spec } : {}),
  };
  const graph = operandGraph(design);
  const single = new Set(graph.resources.filter((r) => !isCollection(r)).map((r) => r.id));
  const observed: Record<string, JsonObject> = {};
  for (const child of children) {
    const id = componentOf(child);
    if (id === undefined || !single.has(id) || !isPlainObject(child.status)) continue;
    observed[id] = { status: child.status as JsonObject[string] };
  }
  const where = namespace === undefined ? (name ?? 'resource') : `${namespace}/${name ?? 'resource'}`;
  return {
    name: freshCaseName(renderNames(design), `live ${where}`),
    ...(Object.keys(patch).length > 0 ? { cr: patch } : {}),
    ...(Object.keys(observed).length > 0 ? { observed } : {}),
    expect: {},
  };
}

/** A validation case of the sample, expected to be allowed. */
export const newValidationCase = (design: Design): ValidationCase => ({
  name: freshCaseName(validationNames(design), 'a valid object'),
  object: {},
  expect: { allowed: true },
});

function withTests(design: Design, render: RenderCase[], validation: ValidationCase[]): Design {
  const tests = {
    ...(render.length > 0 ? { render } : {}),
    ...(validation.length > 0 ? { validation } : {}),
  };
  const { tests: _, ...rest } = design;
  return Object.keys(tests).length === 0 ? rest : { ...rest, tests };
}

/** The design with render case `index` replaced (undefined: removed; index past the end: added). */
export function setRenderCase(design: Design, index: number, c: RenderCase | undefined): Design {
  const render = [...(design.tests?.render ?? [])];
  if (c === undefined) render.splice(index, 1);
  else render[Math.min(index, render.length)] = c;
  return withTests(design, render, [...(design.tests?.validation ?? [])]);
}

/** The design with validation case `index` replaced (undefined: removed; index past the end: added). */
export function setValidationCase(design: Design, index: number, c: ValidationCase | undefined): Design {
  const validation = [...(design.tests?.validation ?? [])];
  if (c === undefined) validation.splice(index, 1);
  else validation[Math.min(index, validation.length)] = c;
  return withTests(design, [...(design.tests?.render ?? [])], validation);
}

/**
 * The two sides of a failing case's diff: each difference at its field path, the expected value
 * on one side and the rendered one on the other (a field that is not there is left out of its
 * side); undefined when no failure is a difference of values (a child not created, a bad id).
 */
export function diffSides(failures: readonly CaseFailure[]): { expected: string; got: string } | undefined {
  const expected: Record<string, YamlValue> = {};
  const got: Record<string, YamlValue> = {};
  for (const { mismatch: m } of failures) {
    if (m === undefined) continue;
    const path = m.path === '' ? '(the whole value)' : m.path;
    if (m.expected !== undefined) expected[path] = m.expected as YamlValue;
    if (m.got !== undefined) got[path] = m.got as YamlValue;
  }
  if (failures.every((f) => f.mismatch === undefined)) return undefined;
  return { expected: emitYaml(expected), got: emitYaml(got) };
}
