/**
 * openAPIV3Schema → design field tree. Every keyword whose value fits the design model becomes
 * an editable keyword; anything else is kept under `extraKeywords` and reported, so a CRD
 * always regenerates exactly.
 */
import { FIELD_KEYWORDS } from '../design/field';
import type { FieldNode, NamedField, RawSchema, SchemaValue } from '../design/field';
import { CRD_TO_DESIGN_KEYWORD } from './keywords';
import { CONDITION_ITEM } from './standard';

export interface Unrepresentable {
  path: string;
  reason: string;
}

export function isPlainObject(v: unknown): v is Record<string, SchemaValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  if (ak.length !== bk.length) return false;
  for (const k of ak) if (!Object.prototype.hasOwnProperty.call(bo, k) || !deepEqual(ao[k], bo[k])) return false;
  return true;
}

function isConditionList(s: Record<string, SchemaValue>): boolean {
  return (
    s.type === 'array' &&
    s['x-kubernetes-list-type'] === 'map' &&
    deepEqual(s['x-kubernetes-list-map-keys'], ['type']) &&
    deepEqual(s.items, CONDITION_ITEM)
  );
}

/** Places required fields, in `required` order, into the slots the required fields occupy. */
function orderForRequired(fields: NamedField[], required: string[]): NamedField[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const queue = required.map((r) => byName.get(r) as NamedField);
  const wanted = new Set(required);
  return fields.map((f) => {
    if (!wanted.has(f.name)) return f;
    const next = queue.shift() as NamedField;
    return { ...next, required: true };
  });
}

function requiredFits(
  required: SchemaValue,
  properties: Record<string, SchemaValue> | undefined,
): required is string[] {
  if (!Array.isArray(required) || required.length === 0 || !properties) return false;
  const seen = new Set<string>();
  for (const r of required) {
    if (typeof r !== 'string' || seen.has(r) || !Object.prototype.hasOwnProperty.call(properties, r)) return false;
    seen.add(r);
  }
  return true;
}

export function schemaToField(s: Record<string, SchemaValue>, path: string, report: Unrepresentable[]): FieldNode {
  const node: Record<string, unknown> = {};
  const extra: RawSchema = {};
  const conditions = isConditionList(s);
  if (conditions) node.preset = 'conditions';
  for (const [k, v] of Object.entries(s)) {
    if (
      conditions &&
      (k === 'type' || k === 'items' || k === 'x-kubernetes-list-type' || k === 'x-kubernetes-list-map-keys')
    )
      continue;
    switch (k) {
      case 'properties':
      case 'required':
        break;
      case 'items':
        if (isPlainObject(v)) node.items = schemaToField(v, `${path}.items`, report);
        else extra[k] = v;
        break;
      case 'additionalProperties':
        if (typeof v === 'boolean') node.additionalProperties = v;
        else if (isPlainObject(v)) node.additionalProperties = schemaToField(v, `${path}.additionalProperties`, report);
        else extra[k] = v;
        break;
      default: {
        const dk = CRD_TO_DESIGN_KEYWORD.get(k);
        const parsed = dk && FIELD_KEYWORDS[dk].safeParse(v);
        // a numeric keyword's bigint becomes the double Go reads (docs/design/0044); the rest as written
        if (parsed && parsed.success) node[dk] = typeof v === 'bigint' ? parsed.data : v;
        else extra[k] = v;
      }
    }
  }
  const props = s.properties;
  if (props !== undefined) {
    if (isPlainObject(props) && Object.values(props).every(isPlainObject)) {
      let fields: NamedField[] = Object.entries(props).map(([name, child]) => ({
        name,
        ...schemaToField(child as Record<string, SchemaValue>, `${path}.properties.${name}`, report),
      }));
      if (s.required !== undefined && requiredFits(s.required, props)) fields = orderForRequired(fields, s.required);
      else if (s.required !== undefined) extra.required = s.required;
      node.fields = fields;
    } else {
      extra.properties = props;
      if (s.required !== undefined) extra.required = s.required;
    }
  } else if (s.required !== undefined) {
    extra.required = s.required;
  }
  if (Object.keys(extra).length > 0) {
    node.extraKeywords = extra;
    for (const k of Object.keys(extra))
      report.push({
        path: `${path}.${k}`,
        reason: 'kept as raw schema: the design form does not model this keyword or value',
      });
  }
  return node;
}
