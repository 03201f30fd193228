// A design as kro's ResourceGraphDefinition (docs/design/0056): the storage version's spec in
// SimpleSchema, each child a resource with its template, includeWhen, readyWhen and forEach, each
// external reference a resource with externalRef, the status bindings under the schema's status;
// expressions read `schema` where the studio's read `self`. A construct kro has no equivalent
// for is refused at its design path, with the construct named: nothing is half-exported.
import type { JSONValue } from '../crd/types';
import type { NamedField } from '../design/field';
import { fullGroup, pluralize } from '../design/names';
import type { Design } from '../design/schema';
import type { ChildResource, ExternalRef } from '../graph/model';
import { emitYaml } from '../yaml/emit';
import { freeIdentifiers, renameIdentifiers, renameInString, renameInValue } from './cel-names';
import {
  KRO_EACH,
  KRO_OWN_STATUS,
  KRO_SELF,
  RGD_API_VERSION,
  RGD_KIND,
  STUDIO_OWN_STATUS,
  STUDIO_SELF,
  defaultChildName,
  isMap,
} from './names';
import { Problems, type KroProblem } from './problems';
import { SchemaWriter } from './schema-out';

export type ToRgdResult =
  | { ok: true; rgd: { [key: string]: JSONValue }; text: string; notes: KroProblem[] }
  | { ok: false; refused: KroProblem[]; notes: KroProblem[] };

const TO_KRO = { [STUDIO_SELF]: KRO_SELF };

export function designToRgd(design: Design): ToRgdResult {
  const p = new Problems();
  const schema = rgdSchema(design, p);
  const resources = rgdResources(design, p);
  if (p.refused.length > 0) return { ok: false, refused: p.refused, notes: p.notes };
  const rgd = {
    apiVersion: RGD_API_VERSION,
    kind: RGD_KIND,
    metadata: { name: design.project.projectName },
    spec: { schema, resources },
  };
  return { ok: true, rgd, text: emitYaml(rgd, { keepKeyOrder: true }), notes: p.notes };
}

function rgdSchema(design: Design, p: Problems): { [key: string]: JSONValue } {
  const { crd } = design;
  const served = crd.versions.filter((v) => v.served);
  crd.versions.forEach((v, i) => {
    if (served.length > 1 && v.served && !v.storage)
      p.refuse(`crd.versions[${i}]`, 'more than one version', 'an RGD serves one version: kro has no conversion');
  });
  if (design.conversion !== undefined) p.refuse('conversion', 'conversion', 'an RGD serves one version');
  const vi = Math.max(
    crd.versions.findIndex((v) => v.storage),
    0,
  );
  const version = crd.versions[vi]!;
  const vpath = `crd.versions[${vi}]`;
  if (version.subresources?.scale !== undefined)
    p.refuse(`${vpath}.subresources.scale`, 'scale subresource', "kro's CRD has no scale subresource");
  if (version.selectableFields !== undefined)
    p.refuse(`${vpath}.selectableFields`, 'selectableFields', "kro's CRD has none");
  if (version.extra !== undefined || crd.extra !== undefined)
    p.refuse(
      version.extra !== undefined ? `${vpath}.extra` : 'crd.extra',
      'CRD keywords outside the model',
      "kro's CRD has none",
    );
  const names = crd.names;
  const lower = names.kind.toLowerCase();
  if ((names.plural ?? pluralize(lower)) !== pluralize(lower) || (names.singular ?? lower) !== lower)
    p.note('crd.names', 'plural and singular', 'kro derives them from the kind');
  if (design.tests !== undefined) p.note('tests', 'tests', 'the cases stay in the design: an RGD has no tests');

  const root = version.schema?.fields ?? [];
  const spec = root.find((f) => f.name === 'spec');
  const status = root.find((f) => f.name === 'status');
  root.forEach((f, i) => {
    if (f.name !== 'spec' && f.name !== 'status' && !['apiVersion', 'kind', 'metadata'].includes(f.name))
      p.refuse(
        `${vpath}.schema.fields[${i}]`,
        'top-level field',
        `kro's instance has spec and status only, not ${f.name}`,
      );
  });
  if (version.schema?.validations !== undefined)
    p.refuse(`${vpath}.schema.validations`, 'validation rules on the object', 'SimpleSchema puts rules on fields');
  const writer = new SchemaWriter(p);
  const specIndex = root.findIndex((f) => f.name === 'spec');
  const specFields =
    spec?.fields === undefined ? {} : writer.fields(spec.fields, `${vpath}.schema.fields[${specIndex}]`);
  if (spec?.validations !== undefined)
    p.refuse(
      `${vpath}.schema.fields[${specIndex}].validations`,
      'validation rules on spec',
      'SimpleSchema puts rules on fields',
    );

  const out: { [key: string]: JSONValue } = { apiVersion: version.name, kind: names.kind, group: fullGroup(design) };
  if (crd.scope === 'Cluster') out.scope = 'Cluster';
  if (names.shortNames !== undefined) out.shortNames = names.shortNames;
  if (names.categories !== undefined) out.categories = names.categories;
  if (version.printerColumns !== undefined)
    out.additionalPrinterColumns = version.printerColumns.map((c) => ({ ...c }));
  if (crd.labels !== undefined || crd.annotations !== undefined)
    out.metadata = {
      ...(crd.labels !== undefined ? { labels: crd.labels } : {}),
      ...(crd.annotations !== undefined ? { annotations: crd.annotations } : {}),
    };
  out.spec = specFields;
  if (Object.keys(writer.types).length > 0) out.types = writer.types;
  const bound = rgdStatus(design, status?.fields ?? [], vpath, p);
  if (Object.keys(bound).length > 0) out.status = bound;
  return out;
}

/** The status bindings as kro's nested status map; unbound status fields are noted, kro's own refused. */
function rgdStatus(
  design: Design,
  fields: readonly NamedField[],
  vpath: string,
  p: Problems,
): { [key: string]: JSONValue } {
  const bindings = design.operand?.status ?? {};
  const out: { [key: string]: JSONValue } = {};
  for (const [path, expr] of Object.entries(bindings)) {
    const parts = path.split('.');
    if (KRO_OWN_STATUS.includes(parts[0]!))
      p.refuse(`operand.status.${path}`, `status.${parts[0]}`, `kro writes status.${parts[0]} itself`);
    let at = out;
    for (const k of parts.slice(0, -1)) at = isMap(at[k]) ? at[k] : (at[k] = {});
    at[parts[parts.length - 1]!] = renameInString(expr, TO_KRO);
  }
  const boundTop = new Set(Object.keys(bindings).map((k) => k.split('.')[0]));
  fields.forEach((f) => {
    if (!STUDIO_OWN_STATUS.includes(f.name) && !boundTop.has(f.name))
      p.note(
        `${vpath}.schema.status.${f.name}`,
        'unbound status field',
        "kro's status holds only the fields an expression gives",
      );
  });
  return out;
}

function rgdResources(design: Design, p: Problems): JSONValue[] {
  const op = design.operand;
  if (op === undefined) return [];
  if (op.resources === undefined) {
    p.refuse(
      'operand.image',
      'the single-Deployment form',
      'an RGD is a graph: describe the Deployment under operand.resources',
    );
    return [];
  }
  if (op.namespaces !== undefined)
    p.refuse(
      'operand.namespaces',
      'declared namespaces',
      'kro writes wherever its own rights allow: it has no list to keep children in',
    );
  (op.conditions ?? []).forEach((c, i) =>
    p.refuse(
      `operand.conditions[${i}]`,
      'conditions',
      `kro writes its own conditions only: it has no way to add ${c.type}`,
    ),
  );
  const ids = [...(op.externalRefs ?? []).map((r) => r.id), ...op.resources.map((r) => r.id)];
  const reservedIds = (id: string, path: string): void => {
    if (id === KRO_SELF || id === KRO_EACH)
      p.refuse(`${path}.id`, `id ${id}`, `${id} is a name kro's expressions bind itself: choose another id`);
  };
  const out: JSONValue[] = [];
  (op.externalRefs ?? []).forEach((r, i) => {
    reservedIds(r.id, `operand.externalRefs[${i}]`);
    out.push(externalResource(r));
  });
  op.resources.forEach((r, i) => {
    const path = `operand.resources[${i}]`;
    reservedIds(r.id, path);
    out.push(childResource(r, path, ids, specFieldsOf(design), p));
  });
  return out;
}

function externalResource(r: ExternalRef): JSONValue {
  return {
    id: r.id,
    externalRef: renameInValue(
      { apiVersion: r.apiVersion, kind: r.kind, metadata: r.metadata as { [key: string]: JSONValue } },
      TO_KRO,
    ),
  };
}

function childResource(
  r: ChildResource,
  path: string,
  ids: readonly string[],
  spec: readonly NamedField[],
  p: Problems,
): JSONValue {
  const iterators = (r.forEach ?? []).map((it) => Object.keys(it)[0]!);
  iterators.forEach((it, i) => {
    if (it === KRO_SELF || it === KRO_EACH)
      p.refuse(`${path}.forEach[${i}]`, `iterator ${it}`, `${it} is a name kro's expressions bind itself`);
  });
  const out: { [key: string]: JSONValue } = { id: r.id, template: named(r, path, spec, p) };
  if (r.includeWhen !== undefined) out.includeWhen = [`\${${renameIdentifiers(r.includeWhen, TO_KRO)}}`];
  if (r.readyWhen !== undefined) {
    const others = [STUDIO_SELF, ...ids.filter((id) => id !== r.id), ...iterators];
    const read = [...freeIdentifiers(r.readyWhen)].filter((n) => others.includes(n));
    if (read.length > 0)
      p.refuse(
        `${path}.readyWhen`,
        `readyWhen reading ${read.join(', ')}`,
        `kro's readyWhen reads only the resource itself (${r.id}): compare with its own fields, such as ${r.id}.spec.replicas`,
      );
    const names = r.forEach !== undefined ? { ...TO_KRO, [r.id]: KRO_EACH } : TO_KRO;
    out.readyWhen = [`\${${renameIdentifiers(r.readyWhen, names)}}`];
  }
  if (r.forEach !== undefined) out.forEach = r.forEach.map((it) => renameInValue(it, TO_KRO));
  if (r.forEachLimit !== undefined)
    p.note(`${path}.forEachLimit`, 'forEachLimit', 'kro has no limit per collection: the list alone bounds it');
  return out;
}

/** The template with `schema` for `self`, and the studio's default name spelled out: kro names every object. */
function named(r: ChildResource, path: string, spec: readonly NamedField[], p: Problems): JSONValue {
  const t = renameInValue(r.template, TO_KRO) as { [key: string]: JSONValue };
  const meta = isMap(t.metadata) ? t.metadata : {};
  if (typeof meta.name === 'string' && meta.name !== '') return t;
  const name = defaultChildName(r.id, r.forEach, spec);
  if (name === undefined) {
    p.refuse(
      `${path}.template.metadata.name`,
      'collection named by element',
      "kro names every object in the template, and this list's element keys are not known from the schema: build metadata.name from every iterator",
    );
    return t;
  }
  const out: { [key: string]: JSONValue } = {};
  for (const [k, v] of Object.entries(t)) {
    if (k === 'metadata') continue;
    out[k] = v;
    if (k === 'kind') out.metadata = { name, ...meta };
  }
  return out;
}

/** The storage version's spec fields: what a collection's list elements are. */
function specFieldsOf(design: Design): readonly NamedField[] {
  const version = design.crd.versions.find((v) => v.storage) ?? design.crd.versions[0];
  return version?.schema?.fields?.find((f) => f.name === 'spec')?.fields ?? [];
}
