/**
 * Reading and writing design files. `serializeDesign` is deterministic: a fixed key order for
 * the model (name first, children last, so the YAML reads like the form) and go-yaml order
 * inside raw values.
 */
import { emitYaml } from '../yaml/emit';
import type { YamlValue } from '../yaml/emit';
import { sortedKeys } from '../yaml/go-sort';
import { parseYaml } from '../yaml/parse';
import { zodIssues, type DesignError } from './errors';
import { FIELD_KEY_ORDER, type FieldNode } from './field';
import { DESIGN, type Design } from './schema';

export type ParseDesignResult = { ok: true; design: Design } | { ok: false; errors: DesignError[] };

export function parseDesign(yamlText: string): ParseDesignResult {
  const parsed = parseYaml(yamlText, { exactIntegers: true });
  if (!parsed.ok) return { ok: false, errors: [{ path: '', message: parsed.message }] };
  const result = DESIGN.safeParse(parsed.value);
  if (!result.success) return { ok: false, errors: zodIssues(result.error.issues, parsed.value) };
  return { ok: true, design: result.data };
}

type Ordered = { [key: string]: YamlValue };

// Null-prototype objects: a key named `__proto__` (legal in a CRD default) stays a plain key.
const ordered = (): Ordered => Object.create(null) as Ordered;

function sortedJson(v: unknown): YamlValue {
  if (Array.isArray(v)) return v.map(sortedJson);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const out = ordered();
    for (const k of sortedKeys(o)) out[k] = sortedJson(o[k]);
    return out;
  }
  return v as YamlValue;
}

function inOrder(
  o: object,
  order: readonly string[],
  map: (key: string, value: unknown) => YamlValue = (_k, v) => sortedJson(v),
): Ordered {
  const src = o as Record<string, unknown>;
  const out = ordered();
  for (const k of order) if (src[k] !== undefined) out[k] = map(k, src[k]);
  // a key the order does not name yet (a new schema field) is kept after the named ones, never dropped
  for (const k of Object.keys(src).sort()) if (!(k in out) && src[k] !== undefined) out[k] = map(k, src[k]);
  return out;
}

function orderedField(node: FieldNode): Ordered {
  return inOrder(node, FIELD_KEY_ORDER, (k, v) => {
    if (k === 'fields') return (v as FieldNode[]).map(orderedField);
    if (k === 'items') return orderedField(v as FieldNode);
    if (k === 'additionalProperties') return typeof v === 'boolean' ? v : orderedField(v as FieldNode);
    if (k === 'validations') return (v as object[]).map((r) => inOrder(r, RULE_ORDER));
    return sortedJson(v);
  });
}

/** A version's keys in the order serializeDesign writes them (and every key a version has). */
export const VERSION_ORDER = [
  'name',
  'served',
  'storage',
  'deprecated',
  'deprecationWarning',
  'subresources',
  'printerColumns',
  'selectableFields',
  'standardFields',
  'extra',
  'schema',
];
const RULE_ORDER = ['rule', 'message', 'messageExpression', 'fieldPath', 'reason', 'optionalOldSelf'];
const COLUMN_ORDER = ['name', 'type', 'format', 'jsonPath', 'description', 'priority'];

export function serializeDesign(design: Design): string {
  const { crd } = design;
  const doc: Ordered = {
    apiVersion: design.apiVersion,
    kind: design.kind,
    project: inOrder(design.project, ['domain', 'repo', 'projectName']),
    crd: inOrder(
      crd,
      ['group', 'names', 'scope', 'labels', 'annotations', 'controllerGenVersion', 'extra', 'versions'],
      (k, v) => {
        if (k === 'names')
          return inOrder(v as object, ['kind', 'plural', 'singular', 'listKind', 'shortNames', 'categories']);
        if (k !== 'versions') return sortedJson(v);
        return (v as Design['crd']['versions']).map((ver) =>
          inOrder(ver, VERSION_ORDER, (vk, vv) => {
            if (vk === 'schema') return orderedField(vv as FieldNode);
            if (vk === 'printerColumns') return (vv as object[]).map((c) => inOrder(c, COLUMN_ORDER));
            if (vk === 'subresources')
              return inOrder(vv as object, ['status', 'scale'], (sk, sv) =>
                sk === 'scale'
                  ? inOrder(sv as object, ['specReplicasPath', 'statusReplicasPath', 'labelSelectorPath'])
                  : sortedJson(sv),
              );
            return sortedJson(vv);
          }),
        );
      },
    ),
  };
  if (design.operand)
    doc.operand = inOrder(
      design.operand,
      [
        'image',
        'command',
        'replicasField',
        'portField',
        'runAsUser',
        'podNamesStatusField',
        'namespaces',
        'externalRefs',
        'resources',
        'status',
        'conditions',
      ],
      (k, v) => {
        if (k === 'externalRefs')
          return (v as object[]).map((r) =>
            inOrder(r, ['id', 'apiVersion', 'kind', 'metadata'], (mk, m) =>
              mk === 'metadata' ? inOrder(m as object, ['name', 'namespace', 'selector']) : sortedJson(m),
            ),
          );
        if (k === 'conditions') return (v as object[]).map((c) => inOrder(c, ['type', 'status', 'reason', 'message']));
        // templates keep the author's key order (apiVersion, kind, metadata, spec…), not sorted
        if (k === 'resources')
          return (v as object[]).map((r) =>
            inOrder(
              r,
              ['id', 'forEach', 'forEachLimit', 'includeWhen', 'readyWhen', 'adopt', 'template'],
              (_k, x) => x as YamlValue,
            ),
          );
        return sortedJson(v);
      },
    );
  if (design.tests)
    doc.tests = inOrder(design.tests, ['render', 'validation'], (k, v) =>
      // a case's objects keep the author's key order (apiVersion, metadata, spec…), as templates do
      (v as object[]).map((c) =>
        inOrder(
          c,
          k === 'render'
            ? ['name', 'cr', 'object', 'observed', 'expect']
            : ['name', 'version', 'oldObject', 'object', 'expect'],
          (_k, x) => x as YamlValue,
        ),
      ),
    );
  if (design.conversion)
    doc.conversion = inOrder(design.conversion, ['spokes'], (_k, spokes) =>
      (spokes as object[]).map((s) =>
        inOrder(s, ['version', 'rules'], (k, v) =>
          k !== 'rules'
            ? (v as YamlValue)
            : (v as object[]).map((r) =>
                inOrder(
                  r,
                  ['from', 'to', 'toHub', 'toSpoke', 'add', 'default', 'drop', 'keep'],
                  (_x, x) => x as YamlValue,
                ),
              ),
        ),
      ),
    );
  return emitYaml(doc, { keepKeyOrder: true });
}
