// How the Resources section changes a design: each edit is design → design on
// `operand.resources` / `operand.status`, so undo, the YAML editor and validation see one change.
import type { ChildResource } from '@opstudio/shared/graph/model';
import type { Design } from '@opstudio/shared/design/schema';

type Children = NonNullable<NonNullable<Design['operand']>['resources']>;

const withResources = (d: Design, resources: Children): Design => ({
  ...d,
  operand: { ...d.operand, resources },
});

export const childrenOf = (d: Design): Children => d.operand?.resources ?? [];

export function setChild(d: Design, index: number, child: ChildResource): Design {
  return withResources(
    d,
    childrenOf(d).map((c, i) => (i === index ? child : c)),
  );
}

export function addChild(d: Design, child: ChildResource): Design {
  return withResources(d, [...childrenOf(d), child]);
}

export function removeChild(d: Design, index: number): Design {
  return withResources(
    d,
    childrenOf(d).filter((_c, i) => i !== index),
  );
}

/** Moves a child one place up (-1) or down (+1); out of range leaves the design as it is. */
export function moveChild(d: Design, index: number, by: -1 | 1): Design {
  const list = [...childrenOf(d)];
  const to = index + by;
  if (to < 0 || to >= list.length) return d;
  [list[index], list[to]] = [list[to]!, list[index]!];
  return withResources(d, list);
}

/** A child with includeWhen/readyWhen set, or left out when empty. */
export function withRule(child: ChildResource, key: 'includeWhen' | 'readyWhen', rule: string): ChildResource {
  const { [key]: _old, ...rest } = child;
  return rule.trim() === '' ? rest : { ...rest, [key]: rule };
}

/** A child that adopts an existing object nobody controls, or (the default) leaves it untouched. */
export function withAdopt(child: ChildResource, adopt: boolean): ChildResource {
  const { adopt: _old, ...rest } = child;
  return adopt ? { ...rest, adopt: true } : rest;
}

/** The namespaces a namespaced design's children may live in besides its own; an empty list removes them. */
export function setNamespaces(d: Design, namespaces: readonly string[] | undefined): Design {
  const { namespaces: _old, ...operand } = d.operand ?? {};
  return namespaces === undefined || namespaces.length === 0
    ? { ...d, operand }
    : { ...d, operand: { ...operand, namespaces: [...namespaces] } };
}

/** Status bindings as an ordered list of [path, expression]; an empty list removes `status`. */
export function setStatus(d: Design, entries: readonly (readonly [string, string])[]): Design {
  const { status: _old, ...operand } = d.operand ?? {};
  return entries.length === 0
    ? { ...d, operand }
    : { ...d, operand: { ...operand, status: Object.fromEntries(entries) } };
}

/** The operand's form: switching keeps nothing of the other form (undo brings it back). */
export type OperandForm = 'none' | 'image' | 'resources';

export function operandForm(d: Design): OperandForm {
  if (d.operand === undefined) return 'none';
  return d.operand.resources !== undefined ? 'resources' : 'image';
}

export function switchForm(d: Design, form: OperandForm, starter: () => ChildResource): Design {
  if (form === operandForm(d)) return d;
  const { operand: _gone, ...rest } = d;
  if (form === 'none') return rest;
  if (form === 'image') return { ...rest, operand: { image: 'nginx:1.27' } };
  return { ...rest, operand: { resources: [starter()] } };
}
