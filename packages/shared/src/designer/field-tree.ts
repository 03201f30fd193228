// The designer's field tree as pure, immutable edits on a Design. A field is addressed by its
// version's index and a path of steps from the version's schema root: a child's index in
// `fields`, or `items` (an array's element) or `additionalProperties` (a map's value). Every edit
// copies only the nodes on the path, so React sees what changed and the generators' content
// caches keep the rest.
import type { FieldNode, NamedField } from '../design/field';
import type { Design, VersionDesign } from '../design/schema';

export type FieldStep = number | 'items' | 'additionalProperties';

export interface FieldAddress {
  readonly version: number;
  readonly path: readonly FieldStep[];
}

function child(node: FieldNode, step: FieldStep): FieldNode | undefined {
  if (step === 'items') return node.items;
  if (step === 'additionalProperties')
    return typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  return node.fields?.[step];
}

/** The node at `addr`, or undefined when the path no longer exists (after an edit in the YAML). */
export function nodeAt(design: Design, addr: FieldAddress): FieldNode | undefined {
  let node: FieldNode | undefined = design.crd.versions[addr.version]?.schema;
  for (const step of addr.path) {
    if (node === undefined) return undefined;
    node = child(node, step);
  }
  return node;
}

function updateNode(node: FieldNode, path: readonly FieldStep[], fn: (n: FieldNode) => FieldNode): FieldNode {
  if (path.length === 0) return fn(node);
  const [step, ...rest] = path as [FieldStep, ...FieldStep[]];
  const current = child(node, step);
  if (current === undefined)
    throw new Error(`no field at step ${String(step)}: the tree changed; select the field again`);
  const next = updateNode(current, rest, fn);
  if (step === 'items') return { ...node, items: next };
  if (step === 'additionalProperties') return { ...node, additionalProperties: next };
  const fields = [...(node.fields ?? [])];
  fields[step] = next as NamedField;
  return { ...node, fields };
}

function withVersion(design: Design, index: number, fn: (v: VersionDesign) => VersionDesign): Design {
  const versions = design.crd.versions.map((v, i) => (i === index ? fn(v) : v));
  return { ...design, crd: { ...design.crd, versions } };
}

/** Replaces the node at `addr` with `fn(node)`. */
export function updateField(design: Design, addr: FieldAddress, fn: (n: FieldNode) => FieldNode): Design {
  return withVersion(design, addr.version, (v) => ({
    ...v,
    schema: updateNode(v.schema ?? { type: 'object' }, addr.path, fn),
  }));
}

/** A name not yet used among `fields`: `base`, `base2`, `base3`, … */
export function freshName(fields: readonly NamedField[] | undefined, base = 'field'): string {
  const taken = new Set((fields ?? []).map((f) => f.name));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

/** Adds `field` as the last child of the object at `parent`; returns the design and the new field's address. */
/**
 * Whether named fields may be added under this node: an object, or a node with no type and no
 * other shape yet (it becomes an object). Not a map, an embedded object, a preset, nor what has
 * a shape of its own without a type (int-or-string, quantity, anyOf/oneOf/allOf/not).
 */
export function canHoldFields(n: FieldNode | undefined): boolean {
  if (n === undefined || n.preset !== undefined || n.additionalProperties !== undefined || n.embeddedResource === true)
    return false;
  if (n.type === 'object') return true;
  return (
    n.type === undefined &&
    n.intOrString !== true &&
    n.anyOf === undefined &&
    n.oneOf === undefined &&
    n.allOf === undefined &&
    n.not === undefined
  );
}

export function addField(
  design: Design,
  parent: FieldAddress,
  field: NamedField,
): { design: Design; added: FieldAddress } {
  let index = 0;
  const next = updateField(design, parent, (n) => {
    const fields = [...(n.fields ?? []), field];
    index = fields.length - 1;
    // a field that had no children becomes an object (a map or array stays what it was)
    return { ...n, type: n.type ?? 'object', fields };
  });
  return { design: next, added: { version: parent.version, path: [...parent.path, index] } };
}

/** Removes the named field at `addr` (items and map values cannot be removed, only retyped). */
export function removeField(design: Design, addr: FieldAddress): Design {
  const last = addr.path[addr.path.length - 1];
  if (typeof last !== 'number') throw new Error('only named fields can be removed');
  return updateField(design, { version: addr.version, path: addr.path.slice(0, -1) }, (n) => ({
    ...n,
    fields: (n.fields ?? []).filter((_, i) => i !== last),
  }));
}

/** Moves the named field at `addr` up (-1) or down (+1) among its siblings; returns its new address. */
export function moveField(design: Design, addr: FieldAddress, delta: -1 | 1): { design: Design; moved: FieldAddress } {
  const last = addr.path[addr.path.length - 1];
  if (typeof last !== 'number') return { design, moved: addr };
  const parent = { version: addr.version, path: addr.path.slice(0, -1) };
  const siblings = nodeAt(design, parent)?.fields ?? [];
  const to = last + delta;
  if (to < 0 || to >= siblings.length) return { design, moved: addr };
  const next = updateField(design, parent, (n) => {
    const fields = [...(n.fields ?? [])];
    const [f] = fields.splice(last, 1);
    fields.splice(to, 0, f!);
    return { ...n, fields };
  });
  return { design: next, moved: { version: addr.version, path: [...parent.path, to] } };
}

/** Moves the field at `addr` into the object sibling just above it (nesting), as its last child. */
export function nestIntoPrevious(design: Design, addr: FieldAddress): { design: Design; moved: FieldAddress } {
  const last = addr.path[addr.path.length - 1];
  if (typeof last !== 'number' || last === 0) return { design, moved: addr };
  const parentPath = addr.path.slice(0, -1);
  const target = nodeAt(design, { version: addr.version, path: [...parentPath, last - 1] });
  const field = nodeAt(design, addr) as NamedField | undefined;
  if (
    target === undefined ||
    field === undefined ||
    (target.type !== undefined && target.type !== 'object') ||
    target.additionalProperties !== undefined
  ) {
    return { design, moved: addr };
  }
  const name = freshName(target.fields, field.name);
  const removed = removeField(design, addr);
  const { design: next, added } = addField(
    removed,
    { version: addr.version, path: [...parentPath, last - 1] },
    { ...field, name },
  );
  return { design: next, moved: added };
}

const IDENT = /^[A-Za-z_$][\w$-]*$/;

/** The issue path (validateDesign's notation) of the field at `addr`: `versions[v1].spec.size`. */
export function fieldIssuePath(design: Design, addr: FieldAddress): string {
  const version = design.crd.versions[addr.version];
  let out = `versions[${version?.name ?? addr.version}]`;
  if (addr.path.length === 0) return `${out}.schema`;
  let node: FieldNode | undefined = version?.schema;
  for (const step of addr.path) {
    if (node === undefined) break;
    if (typeof step === 'number') {
      const f: NamedField | undefined = node.fields?.[step];
      const name = f?.name ?? String(step);
      out += IDENT.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
      node = f;
    } else {
      out += `.${step}`;
      node = child(node, step);
    }
  }
  return out;
}
