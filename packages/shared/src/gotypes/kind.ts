/**
 * One API version's root type: the Kind struct (TypeMeta, ObjectMeta, then the design's root
 * fields), its CRD markers (resource, subresources, printer columns, storage/served/deprecated
 * version, selectable fields, CRD labels and annotations) and the List type.
 */
import type { NamedField } from '../design/field';
import { isBareField } from '../crd/field-schema';
import { resolveNames } from '../design/names';
import type { CrdDesign, VersionDesign } from '../design/schema';
import { docComment } from './doc-comment';
import { keywordMarkers } from './keyword-markers';
import { commentLine, markerLine } from './go-text';
import { args, bareOrQuoted, goQuote, stringSlice } from './marker-values';
import { goStringCompare, type GoDecl, type GoField, type PackageBuilder } from './model';
import { placeField, sortRequired } from './walk';

/** Fields and methods of TypeMeta/ObjectMeta that a Kind's own field would shadow (breaking runtime.Object). */
const ROOT_PROMOTED = [
  'APIVersion',
  'Kind',
  'Name',
  'Namespace',
  'UID',
  'Labels',
  'Annotations',
  'Finalizers',
  'GetObjectKind',
  'GetObjectMeta',
  'GroupVersionKind',
  'SetGroupVersionKind',
  ...[
    'Namespace',
    'Name',
    'GenerateName',
    'UID',
    'ResourceVersion',
    'Generation',
    'SelfLink',
    'CreationTimestamp',
    'DeletionTimestamp',
    'DeletionGracePeriodSeconds',
    'Labels',
    'Annotations',
    'Finalizers',
    'OwnerReferences',
    'ManagedFields',
    'APIVersion',
    'Kind',
  ].flatMap((n) => [`Get${n}`, `Set${n}`]),
  'GenerateName',
  'ResourceVersion',
  'Generation',
  'SelfLink',
  'CreationTimestamp',
  'DeletionTimestamp',
  'DeletionGracePeriodSeconds',
  'OwnerReferences',
  'ManagedFields',
];

const q = (s: string | undefined): string | undefined => (s === undefined ? undefined : goQuote(s));

/** The markers above the Kind type that shape the CRD rather than the schema. */
function crdMarkers(
  crd: CrdDesign,
  v: VersionDesign,
  path: string,
  b: PackageBuilder,
  expressed: VersionDesign,
): string[] {
  const names = resolveNames(crd.names);
  const out = ['+kubebuilder:object:root=true'];
  if (v.subresources?.status) out.push('+kubebuilder:subresource:status');
  const scale = v.subresources?.scale;
  if (scale)
    out.push(
      `+kubebuilder:subresource:scale:${args([
        ['specpath', q(scale.specReplicasPath)],
        ['statuspath', q(scale.statusReplicasPath)],
        ['selectorpath', q(scale.labelSelectorPath)],
      ])}`,
    );
  const singular = names.singular === names.kind.toLowerCase() ? undefined : names.singular;
  out.push(
    `+kubebuilder:resource:${args([
      ['path', bareOrQuoted(names.plural)],
      ['scope', bareOrQuoted(crd.scope)],
      ['shortName', names.shortNames?.length ? stringSlice(names.shortNames) : undefined],
      ['categories', names.categories?.length ? stringSlice(names.categories) : undefined],
      ['singular', singular === undefined ? undefined : bareOrQuoted(singular)],
    ])}`,
  );
  if (crd.versions.length > 1 && v.storage) out.push('+kubebuilder:storageversion');
  if (crd.versions.length === 1 && !v.storage) {
    b.problem(`${path}.storage`, 'controller-gen makes the only version the storage version');
    expressed.storage = true;
  }
  if (!v.served) out.push('+kubebuilder:unservedversion');
  if (v.deprecated)
    out.push(
      v.deprecationWarning === undefined
        ? '+kubebuilder:deprecatedversion'
        : `+kubebuilder:deprecatedversion:warning=${q(v.deprecationWarning)}`,
    );
  if (v.deprecated === false) {
    b.problem(`${path}.deprecated`, 'controller-gen writes deprecated only when true (leave it out)');
    delete expressed.deprecated;
  }
  if (!v.deprecated && v.deprecationWarning !== undefined) {
    b.problem(`${path}.deprecationWarning`, 'a deprecation warning needs deprecated: true');
    delete expressed.deprecationWarning;
  }
  expressed.printerColumns = v.printerColumns?.map((c, i) => {
    const col = { ...c };
    for (const k of ['description', 'format'] as const) {
      if (c[k] !== '') continue;
      b.problem(`${path}.printerColumns[${i}].${k}`, `controller-gen leaves out an empty ${k}`);
      delete col[k];
    }
    if (c.priority === 0) {
      b.problem(`${path}.printerColumns[${i}].priority`, 'controller-gen leaves out priority 0');
      delete col.priority;
    }
    out.push(
      `+kubebuilder:printcolumn:${args([
        ['name', q(c.name)],
        ['type', q(c.type)],
        ['JSONPath', q(c.jsonPath)],
        ['description', c.description ? q(c.description) : undefined],
        ['format', c.format ? q(c.format) : undefined],
        ['priority', c.priority ? String(c.priority) : undefined],
      ])}`,
    );
    return col;
  });
  if (!v.printerColumns) delete expressed.printerColumns;
  for (const k of ['printerColumns', 'selectableFields'] as const) {
    if (v[k]?.length !== 0) continue;
    b.problem(`${path}.${k}`, `controller-gen leaves out an empty ${k} list`);
    delete expressed[k];
  }
  const subs = v.subresources;
  if (v.printerColumns?.length && !subs) {
    b.problem(`${path}.subresources`, 'controller-gen writes `subresources: {}` for a version with printer columns');
    expressed.subresources = {};
  }
  if (subs && !subs.status && !subs.scale && !v.printerColumns?.length) {
    b.problem(
      `${path}.subresources`,
      'controller-gen writes `subresources: {}` only for a version with printer columns',
    );
    delete expressed.subresources;
  }
  for (const f of v.selectableFields ?? []) out.push(`+kubebuilder:selectablefield:JSONPath=${q(f)}`);
  const pairs = (m: Record<string, string> | undefined): string | undefined =>
    m && Object.keys(m).length ? stringSlice(Object.entries(m).map(([k, val]) => `${k}=${val}`)) : undefined;
  const meta = args([
    ['annotations', pairs(crd.annotations)],
    ['labels', pairs(crd.labels)],
  ]);
  if (meta) out.push(`+kubebuilder:metadata:${meta}`);
  return out;
}

/** The version as the Go types say it (see walk.ts), with the Kind and List declarations added to `b`. */
export function kindDecls(crd: CrdDesign, v: VersionDesign, path: string, b: PackageBuilder): VersionDesign {
  const kind = crd.names.kind;
  const root = v.schema ?? { type: 'object' as const };
  const expressed: VersionDesign = { ...v, schema: { ...root } };
  if (!v.schema)
    b.problem(`${path}.schema`, 'a Go type always has a schema (type: object with apiVersion, kind, metadata)');
  if (v.standardFields === false) b.problem(`${path}.standardFields`, 'Go types always embed TypeMeta and ObjectMeta');
  if (v.extra) b.problem(`${path}.extra`, `version keys ${Object.keys(v.extra).join(', ')} have no marker`);
  delete expressed.standardFields;
  delete expressed.extra;
  const comment = crdMarkers(crd, v, path, b, expressed).map(markerLine);
  const schemaPath = `${path}.schema`;
  const km = keywordMarkers(root, new Set(['type', 'fields', 'description', 'goName']));
  for (const d of km.dropped)
    if (km.replaced[d.keyword] !== undefined) b.problem(`${schemaPath}.${d.keyword}`, d.reason);
  const dropped = [
    ...km.dropped.filter((d) => km.replaced[d.keyword] === undefined),
    ...km.markers
      .filter((m) => m.fieldOnly)
      .map((m) => ({
        keyword: m.keyword,
        reason: 'controller-gen takes this marker on fields only, not on the Kind type',
      })),
  ];
  for (const d of dropped) b.problem(`${schemaPath}.${d.keyword}`, d.reason);
  for (const k of ['items', 'additionalProperties', 'preset'] as const) {
    if (root[k] === undefined) continue;
    dropped.push({ keyword: k, reason: '' });
    b.problem(`${schemaPath}.${k}`, 'the root of a CRD schema is the Kind struct');
  }
  comment.push(...km.markers.filter((m) => !m.fieldOnly).map((m) => markerLine(m.marker)));
  if (root.type !== 'object') b.problem(`${schemaPath}.type`, 'controller-gen writes type: object for the Kind');
  const doc = docComment(root.description, true);
  if (!doc.ok) b.problem(`${schemaPath}.description`, doc.reason);
  const schema: Record<string, unknown> = { ...root, ...km.replaced, type: 'object' };
  for (const d of dropped) delete schema[d.keyword];
  if (!doc.ok) delete schema.description;

  const fields: GoField[] = [{ goName: 'metav1.TypeMeta', goType: '', jsonTag: ',inline', comment: [] }];
  const kept: NamedField[] = [];
  const meta = root.fields?.find((f) => f.name === 'metadata');
  const metaRequired = meta?.required === true;
  fields.push({
    goName: 'metav1.ObjectMeta',
    goType: '',
    jsonTag: metaRequired ? 'metadata' : 'metadata,omitzero',
    comment: [markerLine(metaRequired ? '+required' : '+optional')],
  });
  // names the embedded TypeMeta/ObjectMeta promote (GetName, SetLabels, …) must stay theirs
  const taken = new Set(['TypeMeta', 'ObjectMeta', ...ROOT_PROMOTED]);
  for (const f of root.fields ?? []) {
    const p = `${schemaPath}.${f.name}`;
    if (f.name === 'apiVersion' || f.name === 'kind' || f.name === 'metadata') {
      if (!isBareField(f))
        b.problem(
          p,
          `the standard ${f.name} field comes from Go's TypeMeta/ObjectMeta and cannot carry schema keywords`,
        );
      if (f.name !== 'metadata' && f.required) b.problem(`${p}.required`, `TypeMeta's ${f.name} is never required`);
      kept.push({ name: f.name, ...(f.name === 'metadata' && f.required ? { required: true } : {}) });
      continue;
    }
    const placed = placeField(f, p, kind, b, taken, { expr: '', jsonPath: '' });
    if (placed.field) fields.push(placed.field);
    if (placed.expressed) kept.push(placed.expressed);
  }
  if (kept.length > 0) schema.fields = sortRequired(kept);
  else delete schema.fields;
  const req = kept.filter((f) => f.required).map((f) => f.name);
  if (req.join('\0') !== [...req].sort(goStringCompare).join('\0'))
    b.problem(
      `${schemaPath}.required`,
      'controller-gen v0.21.0 lists required fields alphabetically, not in field order',
    );
  expressed.schema = schema;

  const kindDecl: GoDecl = {
    kind: 'struct',
    name: kind,
    comment: [...comment, ...(doc.ok && doc.lines.length ? ['', ...doc.lines] : [])],
    fields,
  };
  const listDecl: GoDecl = {
    kind: 'struct',
    name: `${kind}List`,
    comment: [markerLine('+kubebuilder:object:root=true'), '', commentLine(`${kind}List contains a list of ${kind}.`)],
    fields: [
      { goName: 'metav1.TypeMeta', goType: '', jsonTag: ',inline', comment: [] },
      { goName: 'metav1.ListMeta', goType: '', jsonTag: 'metadata,omitzero', comment: [] },
      { goName: 'Items', goType: `[]${kind}`, jsonTag: 'items', comment: [] },
    ],
  };
  b.decls.push(kindDecl, listDecl);
  return expressed;
}
