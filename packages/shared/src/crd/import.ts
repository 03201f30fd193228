/**
 * CRD YAML (apiextensions.k8s.io/v1) → design. Whatever the design model cannot express as
 * editable settings is kept as raw keywords and listed in `unrepresentable` with its path:
 * nothing is dropped, so `generateCrd(importCrd(x).design)` reproduces x.
 */
import { DESIGN, PRINTER_COLUMN, SCALE } from '../design/schema';
import type { Design, VersionDesign } from '../design/schema';
import type { NamedField, SchemaValue } from '../design/field';
import { pluralize } from '../design/names';
import { zodIssues, type DesignError } from '../design/errors';
import { parseYaml } from '../yaml/parse';
import { CONTROLLER_GEN_VERSION_ANNOTATION } from './generate';
import { STANDARD_ROOT_FIELDS, isBareField } from './field-schema';
import { deepEqual, isPlainObject, schemaToField, type Unrepresentable } from './schema-field';

export type { Unrepresentable } from './schema-field';

export type ImportResult =
  { ok: true; design: Design; unrepresentable: Unrepresentable[] } | { ok: false; errors: DesignError[] };

type Obj = Record<string, SchemaValue>;

function stringRecord(v: SchemaValue | undefined): v is Record<string, string> {
  return isPlainObject(v) && Object.values(v).every((x) => typeof x === 'string');
}

function pick(o: Obj, known: readonly string[]): { extra: Obj; rest: boolean } {
  const extra: Obj = {};
  for (const [k, v] of Object.entries(o)) if (!known.includes(k)) extra[k] = v;
  return { extra, rest: Object.keys(extra).length > 0 };
}

function importRoot(
  schema: Obj,
  path: string,
  report: Unrepresentable[],
): Pick<VersionDesign, 'schema' | 'standardFields'> {
  const node = schemaToField(schema, path, report);
  const props = isPlainObject(schema.properties) ? schema.properties : undefined;
  const allStandard = Object.keys(STANDARD_ROOT_FIELDS).every(
    (n) => props && Object.prototype.hasOwnProperty.call(props, n),
  );
  if (!allStandard || !node.fields) return { schema: node, standardFields: false };
  const fields: NamedField[] = [];
  for (const f of node.fields) {
    const standard = STANDARD_ROOT_FIELDS[f.name];
    if (!standard) fields.push(f);
    else if (deepEqual(props?.[f.name], standard)) {
      if (f.required) fields.push({ name: f.name, required: true });
    } else if (isBareField(f)) {
      // `{}` as a standard field's schema: cannot be told from "standard", so list all fields.
      return { schema: node, standardFields: false };
    } else fields.push(f);
  }
  return { schema: { ...node, fields } };
}

function importVersion(v: Obj, i: number, report: Unrepresentable[]): VersionDesign {
  const path = `spec.versions[${i}]`;
  const out: VersionDesign = {
    name: typeof v.name === 'string' ? v.name : JSON.stringify(v.name ?? null),
    served: v.served === true,
    storage: v.storage === true,
  };
  const { extra } = pick(v, [
    'name',
    'served',
    'storage',
    'deprecated',
    'deprecationWarning',
    'additionalPrinterColumns',
    'selectableFields',
    'subresources',
    'schema',
  ]);
  if (typeof v.served !== 'boolean') extra.served = v.served ?? null;
  if (typeof v.storage !== 'boolean') extra.storage = v.storage ?? null;
  if (typeof v.deprecated === 'boolean') out.deprecated = v.deprecated;
  else if (v.deprecated !== undefined) extra.deprecated = v.deprecated;
  if (typeof v.deprecationWarning === 'string') out.deprecationWarning = v.deprecationWarning;
  else if (v.deprecationWarning !== undefined) extra.deprecationWarning = v.deprecationWarning;
  const cols = v.additionalPrinterColumns;
  if (Array.isArray(cols) && cols.every((c) => PRINTER_COLUMN.safeParse(c).success))
    out.printerColumns = cols.map((c) => PRINTER_COLUMN.parse(c));
  else if (cols !== undefined) extra.additionalPrinterColumns = cols;
  const sel = v.selectableFields;
  if (
    Array.isArray(sel) &&
    sel.every((s) => isPlainObject(s) && Object.keys(s).length === 1 && typeof s.jsonPath === 'string')
  ) {
    out.selectableFields = sel.map((s) => (s as { jsonPath: string }).jsonPath);
  } else if (sel !== undefined) extra.selectableFields = sel;
  const sub = v.subresources;
  if (sub !== undefined) {
    const ok =
      isPlainObject(sub) &&
      Object.keys(sub).every((k) => k === 'status' || k === 'scale') &&
      (sub.status === undefined || (isPlainObject(sub.status) && Object.keys(sub.status).length === 0)) &&
      (sub.scale === undefined || SCALE.safeParse(sub.scale).success);
    if (ok) {
      out.subresources = {};
      if (sub.status !== undefined) out.subresources.status = true;
      if (sub.scale !== undefined) out.subresources.scale = SCALE.parse(sub.scale);
    } else extra.subresources = sub;
  }
  const schema = v.schema;
  if (isPlainObject(schema) && Object.keys(schema).length === 1 && isPlainObject(schema.openAPIV3Schema)) {
    Object.assign(out, importRoot(schema.openAPIV3Schema, `${path}.schema.openAPIV3Schema`, report));
  } else if (schema !== undefined) extra.schema = schema;
  if (Object.keys(extra).length > 0) {
    out.extra = extra;
    for (const k of Object.keys(extra))
      report.push({ path: `${path}.${k}`, reason: 'kept as written: not modelled by the design' });
  }
  return out;
}

function fail(path: string, message: string): ImportResult {
  return { ok: false, errors: [{ path, message }] };
}

export function importCrd(crdYaml: string): ImportResult {
  const parsed = parseYaml(crdYaml, { exactIntegers: true });
  if (!parsed.ok) return fail('', parsed.message);
  const crd = parsed.value;
  if (!isPlainObject(crd)) return fail('', 'expected a CustomResourceDefinition object at the top level');
  if (crd.apiVersion !== 'apiextensions.k8s.io/v1' || crd.kind !== 'CustomResourceDefinition') {
    return fail(
      'apiVersion',
      'expected apiVersion apiextensions.k8s.io/v1 and kind CustomResourceDefinition (convert v1beta1 CRDs first)',
    );
  }
  const meta = crd.metadata;
  const spec = crd.spec;
  if (!isPlainObject(meta) || !isPlainObject(spec)) return fail('spec', 'a CRD needs metadata and spec objects');
  const names = spec.names;
  if (typeof spec.group !== 'string' || !isPlainObject(names) || typeof names.kind !== 'string')
    return fail('spec.names', 'a CRD needs spec.group and spec.names.kind');
  if (!Array.isArray(spec.versions) || spec.versions.length === 0 || !spec.versions.every(isPlainObject))
    return fail('spec.versions', 'a CRD needs a list of versions');

  const report: Unrepresentable[] = [];
  const group = spec.group;
  const dot = group.indexOf('.');
  const kind = names.kind;
  const singular = typeof names.singular === 'string' ? names.singular : kind.toLowerCase();
  const projectName = `${singular}-operator`
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63);

  const metaExtra = pick(meta, ['name', 'labels', 'annotations']).extra;
  const annotations = stringRecord(meta.annotations) ? { ...meta.annotations } : undefined;
  if (meta.annotations !== undefined && !annotations) metaExtra.annotations = meta.annotations;
  if (meta.labels !== undefined && !stringRecord(meta.labels)) metaExtra.labels = meta.labels;
  let controllerGenVersion: string | null = null;
  if (annotations && CONTROLLER_GEN_VERSION_ANNOTATION in annotations) {
    controllerGenVersion = annotations[CONTROLLER_GEN_VERSION_ANNOTATION] ?? null;
    delete annotations[CONTROLLER_GEN_VERSION_ANNOTATION];
  }
  const specExtra = pick(spec, ['group', 'names', 'scope', 'versions']).extra;
  const topExtra = pick(crd, ['apiVersion', 'kind', 'metadata', 'spec']).extra;

  const namesOut: Design['crd']['names'] = { kind };
  for (const k of ['plural', 'singular', 'listKind'] as const) {
    if (typeof names[k] === 'string') namesOut[k] = names[k];
    else
      report.push({
        path: `spec.names.${k}`,
        reason: 'absent in the CRD: the generated CRD writes the derived default',
      });
  }
  for (const k of ['shortNames', 'categories'] as const) {
    const v = names[k];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) namesOut[k] = v;
  }
  const namesExtra = pick(names, ['kind', 'plural', 'singular', 'listKind', 'shortNames', 'categories']).extra;
  if (Object.keys(namesExtra).length > 0)
    report.push({ path: 'spec.names', reason: `dropped unknown keys: ${Object.keys(namesExtra).join(', ')}` });

  const design: Design = {
    apiVersion: 'studio.opstudio.dev/v1alpha1',
    kind: 'OperatorDesign',
    project: { domain: dot < 0 ? '' : group.slice(dot + 1), repo: `example.com/${projectName}`, projectName },
    crd: {
      group: dot < 0 ? group : group.slice(0, dot),
      names: namesOut,
      scope: spec.scope === 'Cluster' ? 'Cluster' : 'Namespaced',
      versions: spec.versions.map((v, i) => importVersion(v as Obj, i, report)),
    },
  };
  if (spec.scope !== 'Cluster' && spec.scope !== 'Namespaced') specExtra.scope = spec.scope ?? null;
  if (stringRecord(meta.labels)) design.crd.labels = { ...meta.labels };
  if (annotations && Object.keys(annotations).length > 0) design.crd.annotations = annotations;
  design.crd.controllerGenVersion = controllerGenVersion;
  const expectedName = `${namesOut.plural ?? pluralize(kind.toLowerCase())}.${group}`;
  if (meta.name !== expectedName) metaExtra.name = meta.name ?? null;
  const extra: NonNullable<Design['crd']['extra']> = {};
  if (Object.keys(metaExtra).length > 0) extra.metadata = metaExtra;
  if (Object.keys(specExtra).length > 0) extra.spec = specExtra;
  if (Object.keys(topExtra).length > 0) extra.top = topExtra;
  if (Object.keys(extra).length > 0) {
    design.crd.extra = extra;
    for (const [where, o] of Object.entries(extra)) {
      const prefix = where === 'top' ? '' : `${where}.`;
      for (const k of Object.keys(o))
        report.push({ path: `${prefix}${k}`, reason: 'kept as written: not modelled by the design' });
    }
  }
  const checked = DESIGN.safeParse(design);
  if (!checked.success) return { ok: false, errors: zodIssues(checked.error.issues, design) };
  return { ok: true, design: checked.data, unrepresentable: report };
}
