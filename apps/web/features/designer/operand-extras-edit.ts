// How the designer changes a design's external references and own conditions: each edit is
// design → design on `operand.externalRefs` / `operand.conditions` (an empty list removes the
// key), so undo, the YAML editor and validation see one change, as resources-edit.ts does.
import type { Design } from '@opstudio/shared/design/schema';
import type { CustomCondition, ExternalRef } from '@opstudio/shared/graph/model';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { LABEL_SELECTOR, type LabelSelector } from '@opstudio/shared/graph/label-selector';

type Key = 'externalRefs' | 'conditions';

function withList<K extends Key>(d: Design, key: K, list: NonNullable<NonNullable<Design['operand']>[K]>): Design {
  const { [key]: _old, ...operand } = d.operand ?? {};
  return list.length === 0 ? { ...d, operand } : { ...d, operand: { ...operand, [key]: list } };
}

export const externalsOf = (d: Design): readonly ExternalRef[] => d.operand?.externalRefs ?? [];
export const conditionsOf = (d: Design): readonly CustomCondition[] => d.operand?.conditions ?? [];

export const setExternal = (d: Design, i: number, ref: ExternalRef): Design =>
  withList(
    d,
    'externalRefs',
    externalsOf(d).map((r, n) => (n === i ? ref : r)),
  );
export const removeExternal = (d: Design, i: number): Design =>
  withList(
    d,
    'externalRefs',
    externalsOf(d).filter((_r, n) => n !== i),
  );

/** A new reference to a ConfigMap by name, with an id no resource or reference uses yet. */
export function addExternal(d: Design): Design {
  const taken = new Set([...externalsOf(d).map((r) => r.id), ...(d.operand?.resources ?? []).map((r) => r.id)]);
  let id = 'settings';
  for (let n = 2; taken.has(id); n++) id = `settings${n}`;
  return withList(d, 'externalRefs', [
    ...externalsOf(d),
    { id, apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${id}` } },
  ]);
}

/** By name, or by selector: switching keeps the namespace and starts the other from scratch. */
export function withLookup(ref: ExternalRef, by: 'name' | 'selector'): ExternalRef {
  const { name: _n, selector: _s, ...rest } = ref.metadata;
  return {
    ...ref,
    metadata:
      by === 'name' ? { ...rest, name: ref.metadata.name ?? ref.id } : { ...rest, selector: { matchLabels: {} } },
  };
}

/** A metadata field set, or left out when empty. */
export function withMeta(ref: ExternalRef, key: 'name' | 'namespace', value: string): ExternalRef {
  const { [key]: _old, ...rest } = ref.metadata;
  return { ...ref, metadata: value.trim() === '' ? rest : { ...rest, [key]: value } };
}

/** A selector from its YAML text: the selector, or why the text is not one. */
export function parseSelector(text: string): { ok: true; selector: LabelSelector } | { ok: false; message: string } {
  const y = parseYaml(text.trim() === '' ? '{}' : text);
  if (!y.ok) return { ok: false, message: y.message };
  const s = LABEL_SELECTOR.safeParse(y.value ?? {});
  return s.success
    ? { ok: true, selector: s.data }
    : { ok: false, message: s.error.issues[0]?.message ?? 'not a selector' };
}

export const setCondition = (d: Design, i: number, c: CustomCondition): Design =>
  withList(
    d,
    'conditions',
    conditionsOf(d).map((x, n) => (n === i ? c : x)),
  );
export const removeCondition = (d: Design, i: number): Design =>
  withList(
    d,
    'conditions',
    conditionsOf(d).filter((_x, n) => n !== i),
  );

export function addCondition(d: Design): Design {
  const taken = new Set(conditionsOf(d).map((c) => c.type));
  let type = 'Configured';
  for (let n = 2; taken.has(type); n++) type = `Configured${n}`;
  return withList(d, 'conditions', [...conditionsOf(d), { type, status: '${true}' }]);
}

/** reason or message set, or left out when empty (the defaults apply). */
export function withText(c: CustomCondition, key: 'reason' | 'message', value: string): CustomCondition {
  const { [key]: _old, ...rest } = c;
  return value === '' ? rest : { ...rest, [key]: value };
}
