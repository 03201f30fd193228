/**
 * Field nodes → Go struct fields and type declarations. Each node gets its Go type
 * (type-map.ts), its description as a doc comment and its remaining keywords as markers
 * (keyword-markers.ts). Whatever Go cannot carry is reported and left out of `expressed`,
 * the design the Go types really say (the oracle compares controller-gen with its CRD).
 */
import type { FieldNode, NamedField } from '../design/field';
import { deriveGoName } from '../design/names';
import { JSON_TAG_NAME } from '../validate/names';
import { docComment } from './doc-comment';
import { commentLine, markerLine } from './go-text';
import { keywordMarkers, type KeywordMarker } from './keyword-markers';
import { goStringCompare, type GoField, type PackageBuilder } from './model';
import { singular, TYPE_CHECKED, typeShape } from './type-map';

export interface Mapped {
  goType: string;
  /** Markers that belong on the field using this type (after the declaration took its own). */
  markers: KeywordMarker[];
  /** Set when the Go type is a declaration made for this node (its comment takes type markers). */
  declComment?: string[];
  external: boolean;
  pointerWhenOptional: boolean;
  expressed: FieldNode;
}

const STRUCTURAL = ['fields', 'items', 'additionalProperties', 'preset'] as const;
const GO_IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;
/** Methods controller-gen's deepcopy adds to every type: a field may not have these names. */
const DEEPCOPY_METHODS = new Set(['DeepCopy', 'DeepCopyInto', 'DeepCopyObject']);

/** deriveGoName per JSON name: a design repeats few names, and each keystroke asks for all of them. */
const goNames = new Map<string, string>();

function derivedGoName(jsonName: string): string {
  let name = goNames.get(jsonName);
  if (name === undefined) {
    name = deriveGoName(jsonName);
    if (goNames.size >= 4000) goNames.clear();
    goNames.set(jsonName, name);
  }
  return name;
}

/** JSON_TAG_NAME.test, remembered per name (the regex is Unicode-aware, so not cheap). */
const jsonNames = new Map<string, boolean>();

function validJsonName(name: string): boolean {
  let ok = jsonNames.get(name);
  if (ok === undefined) {
    ok = JSON_TAG_NAME.test(name);
    if (jsonNames.size >= 4000) jsonNames.clear();
    jsonNames.set(name, ok);
  }
  return ok;
}

/** Starts with an upper-case letter (ASCII checked first, the Unicode class otherwise). */
function isExported(goName: string): boolean {
  const c = goName.charCodeAt(0);
  if (c >= 65 && c <= 90) return true;
  if (c < 128) return false;
  return /^\p{Lu}/u.test(goName);
}

function omit<T extends object>(node: T, keys: ReadonlySet<PropertyKey> | readonly PropertyKey[]): T {
  if ('size' in keys ? keys.size === 0 : keys.length === 0) return node;
  const out = { ...node } as Record<PropertyKey, unknown>;
  for (const k of keys) delete out[k];
  return out as T;
}

/** The keywords a Go type produces plus the doc ones, one shared read-only Set per list. */
const consumedSets = new Map<string, ReadonlySet<keyof FieldNode>>();

function consumedSet(byType: readonly (keyof FieldNode)[]): ReadonlySet<keyof FieldNode> {
  const key = byType.join(',');
  let set = consumedSets.get(key);
  if (set === undefined) {
    set = new Set<keyof FieldNode>(byType).add('description').add('goName');
    consumedSets.set(key, set); // as many entries as typeShape has consumed lists: bounded
  }
  return set;
}

/** Reports keyword `k` of the node at `path` as not expressible and leaves it out. */
function dropInto(
  b: PackageBuilder,
  path: string,
  dropped: Set<keyof FieldNode>,
  k: keyof FieldNode,
  reason: string,
): void {
  b.problem(`${path}.${k}`, reason);
  dropped.add(k);
}

/**
 * The Go type of `node` (declaring structs and element types as needed) and its markers.
 * @param access the Go expression of this node from the Kind (`Spec.Size`), for fields outside lists and maps.
 */
export function mapNode(node: FieldNode, path: string, names: string[], b: PackageBuilder, access?: Access): Mapped {
  const shape = typeShape(node);
  const consumed = consumedSet(shape.consumed);
  let expressed: FieldNode = { ...node };
  const dropped = new Set<keyof FieldNode>();
  const drop = dropInto.bind(undefined, b, path, dropped);
  let goType: string;
  let external = false;
  let pointerWhenOptional = false;
  let declComment: string[] | undefined;
  let markerNode: FieldNode = node;
  switch (shape.kind) {
    case 'plain':
      goType = shape.goType;
      for (const i of shape.imports ?? []) b.imports.add(i);
      external = shape.external === true;
      pointerWhenOptional = shape.pointerWhenOptional === true;
      if (shape.float) b.usesFloats = true;
      // the conditions preset implies listType=map, listMapKey=type unless the node says otherwise
      if (node.preset === 'conditions') {
        if (node.listType !== undefined && node.listType !== 'map') {
          b.problem(
            `${path}.listType`,
            'the conditions preset is a map list keyed by type: Go markers cannot drop its listMapKey',
          );
          delete expressed.listType;
        }
        markerNode = { ...node, listType: 'map', listMapKeys: node.listMapKeys ?? ['type'] };
      }
      break;
    case 'slice': {
      const own = names[0]?.startsWith(b.kind) ? names[0].slice(b.kind.length) : '';
      const el = placeElement(
        shape.element,
        `${path}.items`,
        [`${b.kind}${singular(own || 'Item')}`, `${names[names.length - 1] ?? b.kind}Item`],
        b,
      );
      goType = `[]${el.goType}`;
      expressed.items = el.expressed;
      break;
    }
    case 'map': {
      const el = placeElement(shape.element, `${path}.additionalProperties`, [`${names[0] ?? b.kind}Value`], b);
      goType = `map[string]${el.goType}`;
      expressed.additionalProperties = el.expressed;
      break;
    }
    case 'struct': {
      goType = b.allocate(...names);
      declComment = [];
      const fields: GoField[] = [];
      b.decls.push({ kind: 'struct', name: goType, comment: declComment, fields });
      if (node.fields?.length === 0)
        drop('fields', 'Go writes no `properties` for a struct without fields (leave fields out)');
      const taken = new Set<string>();
      const kept: NamedField[] = [];
      for (const f of node.fields ?? []) {
        const c = placeField(f, `${path}.${f.name}`, goType, b, taken, access);
        if (c.field) fields.push(c.field);
        if (c.expressed) kept.push(c.expressed);
      }
      if (kept.length > 0) expressed.fields = sortRequired(kept);
      else delete expressed.fields;
      const req = kept.filter((f) => f.required).map((f) => f.name);
      if (req.join('\0') !== [...req].sort(goStringCompare).join('\0'))
        b.problem(
          `${path}.required`,
          'controller-gen v0.21.0 lists required fields alphabetically, not in field order',
        );
      break;
    }
    case 'schemaless':
      goType = 'runtime.RawExtension';
      b.imports.add('runtime');
      external = true;
      break;
  }
  for (const k of STRUCTURAL)
    if (node[k] !== undefined && !consumed.has(k)) drop(k, `Go cannot say ${k} here (${shape.kind} type)`);
  if (external)
    for (const k of TYPE_CHECKED)
      if (node[k] !== undefined && !consumed.has(k))
        drop(k, `controller-gen cannot apply ${k} to ${goType}, a type from another package`);
  const km = keywordMarkers(omit(markerNode, dropped), consumed);
  for (const d of km.dropped) {
    if (km.replaced[d.keyword] !== undefined) b.problem(`${path}.${d.keyword}`, d.reason);
    else drop(d.keyword, d.reason);
  }
  if (Object.keys(km.replaced).length > 0) expressed = { ...expressed, ...km.replaced };
  let markers = km.markers;
  if (shape.kind === 'schemaless')
    markers = [{ keyword: 'type', marker: '+kubebuilder:validation:Schemaless', fieldOnly: true }, ...markers];
  if (declComment) {
    const fieldOnly: KeywordMarker[] = [];
    for (const m of markers) {
      if (m.fieldOnly) fieldOnly.push(m);
      else declComment.push(markerLine(m.marker));
    }
    markers = fieldOnly;
  }
  expressed = omit(expressed, dropped);
  return { goType, markers, external, pointerWhenOptional, expressed, ...(declComment ? { declComment } : {}) };
}

/** Required fields in controller-gen's (alphabetical) order, others where they were. */
export function sortRequired(fields: NamedField[]): NamedField[] {
  const req = fields.filter((f) => f.required).sort((a, b) => goStringCompare(a.name, b.name));
  let i = 0;
  return fields.map((f) => (f.required ? req[i++]! : f));
}

function dropAll(
  b: PackageBuilder,
  path: string,
  node: FieldNode,
  keys: (keyof FieldNode)[],
  reason: string,
): FieldNode {
  for (const k of new Set(keys)) b.problem(`${path}.${k}`, reason);
  return omit(node, keys);
}

/** An array element or map value: it can only carry markers and a description on a declared type. */
function placeElement(
  node: FieldNode,
  path: string,
  names: string[],
  b: PackageBuilder,
): { goType: string; expressed: FieldNode } {
  if (typeShape(node).kind === 'schemaless') {
    // Schemaless is a field marker; as an element, RawExtension's schema is the closest Go says
    b.problem(
      path,
      'a list item or map value without a Go type becomes runtime.RawExtension (type: object, x-kubernetes-preserve-unknown-fields)',
    );
    b.imports.add('runtime');
    return { goType: 'runtime.RawExtension', expressed: { type: 'object', preserveUnknownFields: true } };
  }
  const m = mapNode(node, path, names, b);
  let expressed = m.expressed;
  const dropKeys = (keys: (keyof FieldNode)[], reason: string): void =>
    void (expressed = dropAll(b, path, expressed, keys, reason));
  const fieldOnly = m.markers.filter((x) => x.fieldOnly);
  dropKeys(
    fieldOnly.map((x) => x.keyword),
    'controller-gen takes this marker on struct fields only, not on list items or map values',
  );
  const typeLevel = m.markers.filter((x) => !x.fieldOnly);
  const doc = docComment(node.description, true);
  if (!doc.ok) dropKeys(['description'], doc.reason);
  const docLines = doc.ok ? doc.lines : [];
  if (m.declComment) {
    m.declComment.unshift(...docLines);
    return { goType: m.goType, expressed };
  }
  if (typeLevel.length === 0 && docLines.length === 0) return { goType: m.goType, expressed };
  if (m.external) {
    dropKeys(
      [...typeLevel.map((x) => x.keyword), ...(docLines.length ? (['description'] as const) : [])],
      `a list item or map value of type ${m.goType} cannot carry markers or a description`,
    );
    return { goType: m.goType, expressed };
  }
  const name = b.allocate(...names);
  b.decls.push({
    kind: 'named',
    name,
    comment: [...docLines, ...typeLevel.map((x) => markerLine(x.marker))],
    underlying: m.goType,
  });
  return { goType: name, expressed };
}

/** One struct field: Go name, type, json tag, description and markers. */
/** Where a struct's fields are reached from: the Go expression and the JSON path of the struct. */
export interface Access {
  expr: string;
  jsonPath: string;
}

export function placeField(
  f: NamedField,
  path: string,
  parent: string,
  b: PackageBuilder,
  taken: Set<string>,
  parentAccess?: Access,
): { field?: GoField; expressed?: NamedField } {
  if (!validJsonName(f.name)) {
    b.problem(path, `the JSON name "${f.name}" cannot be a Go struct tag name`);
    return {};
  }
  let goName = f.goName ?? derivedGoName(f.name);
  if (!GO_IDENTIFIER.test(goName)) {
    b.problem(`${path}.goName`, `Go name ${JSON.stringify(goName)} is not a Go identifier`);
    goName = derivedGoName(f.name);
  } else if (!isExported(goName)) {
    b.problem(`${path}.goName`, `Go name "${goName}" is not exported, so encoding/json would skip it`);
    goName = derivedGoName(f.name);
  }
  if (taken.has(goName) || DEEPCOPY_METHODS.has(goName)) {
    b.problem(
      path,
      `the Go name ${goName} clashes with another field, an embedded field's name or a generated method (set goName)`,
    );
    return {};
  }
  taken.add(goName);
  const access = parentAccess && {
    expr: parentAccess.expr ? `${parentAccess.expr}.${goName}` : goName,
    jsonPath: parentAccess.jsonPath ? `${parentAccess.jsonPath}.${f.name}` : f.name,
  };
  const m = mapNode(f, path, [`${b.kind}${goName}`, `${parent}${goName}`], b, access);
  let expressed = m.expressed as NamedField;
  const doc = docComment(f.description);
  if (!doc.ok) {
    b.problem(`${path}.description`, doc.reason);
    expressed = omit(expressed, ['description']);
  }
  if (m.declComment && doc.ok && doc.lines.length > 0) {
    // overridden by the field's own description in the CRD; there for readers of the Go code
    m.declComment.unshift(commentLine(typeSentence(m.goType, b.kind)));
  }
  const required = f.required === true;
  const isStruct = m.declComment !== undefined || m.goType === 'runtime.RawExtension';
  const goType = !required && m.pointerWhenOptional ? `*${m.goType}` : m.goType;
  const jsonTag = required ? f.name : `${f.name},${isStruct ? 'omitzero' : 'omitempty'}`;
  if (access) b.fields.set(access.jsonPath, { expr: access.expr, goType });
  const comment = doc.ok ? doc.lines.slice() : [];
  for (const x of m.markers) comment.push(markerLine(x.marker));
  comment.push(markerLine(required ? '+required' : '+optional'));
  return { field: { goName, goType, jsonTag, comment }, expressed };
}

function typeSentence(name: string, kind: string): string {
  if (name === `${kind}Spec`) return `${name} defines the desired state of ${kind}.`;
  if (name === `${kind}Status`) return `${name} defines the observed state of ${kind}.`;
  return `${name} is a part of ${kind}.`;
}
