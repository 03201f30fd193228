// A design's spec fields as kro's SimpleSchema (docs/design/0056): atomic types and their
// markers, `[]T` and `map[string]T`, an object inline as a map of its fields, or as a custom type
// under `types` where it needs markers of its own or is a list's element or a map's value.
// What SimpleSchema cannot say is refused where it changes which objects the API server accepts,
// and noted where it changes only words (descriptions of inline objects, error messages, formats).
import type { FieldNode, NamedField, SchemaValue } from '../design/field';
import { formatField, formatMarker } from './markers';
import type { Problems } from './problems';

/** A SimpleSchema value: a field string, or a map of fields (an inline object). */
export type Simple = string | { [key: string]: Simple };

export const IMMUTABLE_RULE = 'self == oldSelf';
export const IMMUTABLE_MESSAGE = 'field is immutable';
/** The message kro gives every `validation=` rule (it has no way to say another). */
export const KRO_VALIDATION_MESSAGE = 'validation failed';

/** Keywords that change what the API server accepts and SimpleSchema has no marker for. */
const REFUSED_KEYWORDS = [
  'nullable',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'intOrString',
  'embeddedResource',
  'extraKeywords',
  'preset',
] as const satisfies readonly (keyof FieldNode)[];
/** Keywords that change no verdict: kro's CRD goes without them. */
const NOTED_KEYWORDS = ['format', 'title', 'example', 'mapType'] as const satisfies readonly (keyof FieldNode)[];

export class SchemaWriter {
  readonly types: Record<string, Simple> = {};
  constructor(private readonly problems: Problems) {}

  /** The fields of an object, each as SimpleSchema, in the design's order. */
  fields(fields: readonly NamedField[], path: string): { [key: string]: Simple } {
    const out: { [key: string]: Simple } = {};
    fields.forEach((f, i) => {
      out[f.name] = this.field(f, `${path}.fields[${i}]`, f.required === true);
    });
    return out;
  }

  private field(f: FieldNode, path: string, required: boolean): Simple {
    const markers = this.markers(this.withoutImpliedDefault(f, path), path, required);
    if (f.type === 'object' && f.fields !== undefined && f.additionalProperties === undefined && markers.length === 0)
      return this.fields(f.fields, path);
    return formatField(this.typeOf(f, path, nameOf(f)), markers);
  }

  /** The type word: atomic, `[]T`, `map[string]T`, `object`, or a custom type's name. */
  private typeOf(f: FieldNode, path: string, hint: string): string {
    const refused = REFUSED_KEYWORDS.filter((k) => f[k] !== undefined);
    for (const k of refused)
      this.problems.refuse(`${path}.${k}`, k, `kro's SimpleSchema has no ${k}: its CRD would accept other objects`);
    if (refused.length > 0) return 'object';
    for (const k of NOTED_KEYWORDS)
      if (f[k] !== undefined) this.problems.note(`${path}.${k}`, k, `kro's SimpleSchema has no ${k}: left out`);
    switch (f.type) {
      case 'string':
      case 'integer':
      case 'boolean':
        return f.type;
      case 'number':
        return 'float';
      case 'array':
        if (f.items === undefined) {
          this.problems.refuse(`${path}.items`, 'array without items', 'a SimpleSchema list names its element type');
          return '[]object';
        }
        return `[]${this.elementType(f.items, `${path}.items`, singular(hint))}`;
      case 'object':
        if (typeof f.additionalProperties === 'object' && f.fields === undefined)
          return `map[string]${this.elementType(f.additionalProperties, `${path}.additionalProperties`, hint)}`;
        if (f.fields !== undefined && f.fields.length > 0) {
          if (f.additionalProperties !== undefined)
            this.problems.refuse(
              `${path}.additionalProperties`,
              'fields with additionalProperties',
              'a SimpleSchema object has fields or is a map, not both',
            );
          return this.customType(hint, this.fields(f.fields, path));
        }
        if (f.preserveUnknownFields !== true)
          this.problems.refuse(
            path,
            'object without fields',
            "kro's `object` keeps unknown fields (x-kubernetes-preserve-unknown-fields), where this one prunes them: give it fields or preserveUnknownFields",
          );
        return 'object';
      default:
        this.problems.refuse(path, 'field without type', 'every SimpleSchema field has a type');
        return 'object';
    }
  }

  /** A list's element or a map's value: a type word, with no markers of its own. */
  private elementType(f: FieldNode, path: string, hint: string): string {
    const markers = this.markers(this.withoutImpliedDefault(f, path), path, false);
    if (markers.length > 0)
      this.problems.refuse(
        path,
        'constraints on list elements or map values',
        "SimpleSchema writes an element's type only: move the constraints into an object's fields",
      );
    return this.typeOf(f, path, hint);
  }

  /** kro defaults an object with no required field and a defaulted one to {}: a marker only where the design differs. */
  private withoutImpliedDefault(f: FieldNode, path: string): FieldNode {
    if (f.type !== 'object' || f.fields === undefined || !impliedEmptyDefault(f.fields)) return f;
    const d = f.default;
    if (d === undefined)
      this.problems.note(
        `${path}.default`,
        'default',
        "kro's CRD defaults this object to {} (it has defaulted fields and no required one)",
      );
    const empty = d !== null && typeof d === 'object' && !Array.isArray(d) && Object.keys(d).length === 0;
    return empty ? { ...f, default: undefined } : f;
  }

  private customType(hint: string, fields: { [key: string]: Simple }): string {
    let name = hint;
    for (let n = 2; name in this.types; n++) name = `${hint}${n}`;
    this.types[name] = fields;
    return name;
  }

  private markers(f: FieldNode, path: string, required: boolean): string[] {
    const m: string[] = [];
    if (required) m.push(formatMarker('required', 'true', true));
    if (f.default !== undefined) {
      const d = this.defaultValue(f, f.default, `${path}.default`);
      if (d !== undefined) m.push(d);
    }
    if (f.description !== undefined && f.description !== '') m.push(formatMarker('description', f.description));
    if (f.enum !== undefined) {
      const values = f.enum.map(String);
      if (values.some((v) => v.includes(',') || v.trim() !== v || v === ''))
        this.problems.refuse(
          `${path}.enum`,
          'enum value with a comma or spaces',
          "kro's enum marker is a list split at commas",
        );
      m.push(formatMarker('enum', values.join(',')));
    }
    for (const k of ['minimum', 'maximum', 'minLength', 'maxLength'] as const)
      if (f[k] !== undefined) m.push(formatMarker(k, String(f[k]), true));
    if (f.pattern !== undefined) m.push(formatMarker('pattern', f.pattern));
    for (const k of ['minItems', 'maxItems'] as const)
      if (f[k] !== undefined) m.push(formatMarker(k, String(f[k]), true));
    if (f.uniqueItems !== undefined) m.push(formatMarker('uniqueItems', String(f.uniqueItems), true));
    if (f.listType !== undefined) m.push(formatMarker('listType', f.listType, true));
    for (const key of f.listMapKeys ?? []) m.push(formatMarker('listMapKey', key));
    let immutable = false;
    (f.validations ?? []).forEach((v, i) => {
      const at = `${path}.validations[${i}]`;
      if (v.rule === IMMUTABLE_RULE && (v.message ?? IMMUTABLE_MESSAGE) === IMMUTABLE_MESSAGE && !immutable) {
        immutable = true;
        return;
      }
      if (v.optionalOldSelf !== undefined)
        this.problems.refuse(`${at}.optionalOldSelf`, 'optionalOldSelf', 'kro writes a rule without it');
      for (const k of ['message', 'messageExpression', 'reason', 'fieldPath'] as const)
        if (v[k] !== undefined && !(k === 'message' && v[k] === KRO_VALIDATION_MESSAGE))
          this.problems.note(`${at}.${k}`, `validation ${k}`, `kro says "${KRO_VALIDATION_MESSAGE}" for every rule`);
      m.push(formatMarker('validation', v.rule));
    });
    if (immutable) m.push(formatMarker('immutable', 'true', true));
    return m;
  }

  private defaultValue(f: FieldNode, d: SchemaValue, path: string): string | undefined {
    if (f.type === 'string') {
      if (typeof d !== 'string' || [...d].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 0x20)) {
        this.problems.refuse(path, 'default', 'kro writes a string default as written between quotes, unescaped');
        return undefined;
      }
      return formatMarker('default', d);
    }
    const json = JSON.stringify(d, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
    if (typeof d === 'object' && d !== null && /\s/.test(json.replace(/"(?:[^"\\]|\\.)*"/g, '')))
      this.problems.refuse(path, 'default', 'a default kro cannot read back');
    return formatMarker('default', json, true);
  }
}

/** kro's rule for an inline object: no required field and some defaulted one → `default: {}`. */
export const impliedEmptyDefault = (fields: readonly NamedField[]): boolean =>
  fields.some((f) => f.default !== undefined) && !fields.some((f) => f.required === true);

/** `spec.fields[3]` of field `extraPorts` → `ExtraPorts`: a custom type's name. */
function nameOf(f: FieldNode): string {
  const name = (f as NamedField).name ?? 'Item';
  return name.replace(/^[^A-Za-z]+/, '').replace(/^./, (c) => c.toUpperCase()) || 'Item';
}

/** A list's element type name: `ExtraPorts` → `ExtraPort`, `Env` stays `Env`. */
function singular(name: string): string {
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}
