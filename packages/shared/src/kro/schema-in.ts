// kro's SimpleSchema as a design's fields (docs/design/0056): the reverse of schema-out.ts. A
// custom type is written out in place wherever it is used; an inline object with no required
// field and a defaulted one gets `default: {}`, as kro's CRD gives it.
import type { FieldNode, NamedField, SchemaValue, ValidationRuleDesign } from '../design/field';
import { parseField, type Marker } from './markers';
import type { Problems } from './problems';
import { IMMUTABLE_MESSAGE, IMMUTABLE_RULE, KRO_VALIDATION_MESSAGE, impliedEmptyDefault } from './schema-out';

const MAX_DEPTH = 16;

export class SchemaReader {
  constructor(
    private readonly types: Readonly<Record<string, unknown>>,
    private readonly problems: Problems,
  ) {}

  /** A map of SimpleSchema fields as named fields, in the map's order. */
  fields(spec: unknown, path: string, depth = 0): NamedField[] {
    if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
      this.problems.refuse(path, 'fields', 'expected a map of field names to types, such as image: string');
      return [];
    }
    return Object.entries(spec as Record<string, unknown>).map(([name, v]) =>
      this.named(name, v, `${path}.${name}`, depth),
    );
  }

  private named(name: string, v: unknown, path: string, depth: number): NamedField {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { name, ...this.inlineObject(v, path, depth) };
    if (typeof v !== 'string') {
      this.problems.refuse(path, 'field', 'a field is a type string (string | default=…) or a map of fields');
      return { name, type: 'string' };
    }
    const parsed = parseField(v);
    if (!parsed.ok) {
      this.problems.refuse(path, 'field', parsed.message);
      return { name, type: 'string' };
    }
    const node = this.typeNode(parsed.type, path, depth);
    const required = this.apply(node, parsed.markers, path);
    return { name, ...(required ? { required: true } : {}), ...node };
  }

  private inlineObject(v: object, path: string, depth: number): FieldNode {
    const fields = this.fields(v, path, depth + 1);
    return { type: 'object', ...(impliedEmptyDefault(fields) ? { default: {} } : {}), fields };
  }

  /** A type word as a node: atomic, `[]T`, `map[string]T`, `object`, or a custom type. */
  private typeNode(type: string, path: string, depth: number): FieldNode {
    if (depth > MAX_DEPTH) {
      this.problems.refuse(path, 'type', `types nest at most ${MAX_DEPTH} deep`);
      return { type: 'string' };
    }
    const t = type.trim();
    if (t === 'string' || t === 'integer' || t === 'boolean') return { type: t };
    if (t === 'float' || t === 'number') return { type: 'number' };
    if (t === 'object') return { type: 'object', preserveUnknownFields: true };
    if (t.startsWith('[]')) return { type: 'array', items: this.typeNode(t.slice(2), path, depth + 1) };
    const map = /^map\[string\](.+)$/.exec(t);
    if (map) return { type: 'object', additionalProperties: this.typeNode(map[1]!, path, depth + 1) };
    if (Object.hasOwn(this.types, t)) {
      const custom = this.types[t];
      if (typeof custom === 'string') {
        const parsed = parseField(custom);
        if (parsed.ok) return this.typeNode(parsed.type, path, depth + 1);
      }
      return this.inlineObject(custom as object, `spec.schema.types.${t}`, depth + 1);
    }
    this.problems.refuse(
      path,
      'type',
      `unknown type ${t}: kro knows string, integer, boolean, float, object, []T, map[string]T and the names under types`,
    );
    return { type: 'string' };
  }

  /** Markers onto the node; whether the field is required. */
  private apply(node: FieldNode, markers: readonly Marker[], path: string): boolean {
    let required = false;
    const validations: ValidationRuleDesign[] = [];
    for (const { key, value } of markers) {
      const bad = (why: string): void => this.problems.refuse(`${path}`, key, why);
      const int = (): number | undefined => {
        if (!/^-?\d+$/.test(value)) return (bad(`${value} is not an integer`), undefined);
        return Number(value);
      };
      const bool = (): boolean | undefined =>
        value === 'true' ? true : value === 'false' ? false : (bad(`${value} is not true or false`), undefined);
      switch (key) {
        case 'required':
          required = bool() === true;
          break;
        case 'default': {
          const d = this.defaultOf(node, value);
          if (d === undefined) bad(`${value} is not a ${node.type ?? 'value'}`);
          else node.default = d;
          break;
        }
        case 'description':
          node.description = value;
          break;
        case 'enum':
          node.enum = value.split(',').map((v) => (node.type === 'integer' ? Number(v.trim()) : v.trim()));
          break;
        case 'minimum':
        case 'maximum': {
          const n = Number(value);
          if (value.trim() === '' || !Number.isFinite(n)) bad(`${value} is not a number`);
          else node[key] = n;
          break;
        }
        case 'minLength':
        case 'maxLength':
        case 'minItems':
        case 'maxItems': {
          const n = int();
          if (n !== undefined) node[key] = n;
          break;
        }
        case 'pattern':
          node.pattern = value;
          break;
        case 'uniqueItems': {
          const b = bool();
          if (b !== undefined) node.uniqueItems = b;
          break;
        }
        case 'listType':
          if (value === 'atomic' || value === 'set' || value === 'map') node.listType = value;
          else bad('listType is atomic, set or map');
          break;
        case 'listMapKey':
          (node.listMapKeys ??= []).push(value);
          break;
        case 'validation':
          validations.push({ rule: value, message: KRO_VALIDATION_MESSAGE });
          break;
        case 'immutable':
          if (bool() === true) validations.push({ rule: IMMUTABLE_RULE, message: IMMUTABLE_MESSAGE });
          break;
      }
    }
    if (validations.length > 0) node.validations = validations;
    return required;
  }

  private defaultOf(node: FieldNode, value: string): SchemaValue | undefined {
    if (node.type === 'string') return value;
    try {
      const v = JSON.parse(value) as SchemaValue;
      if (node.type === 'integer') return Number.isInteger(v) ? v : undefined;
      if (node.type === 'number') return typeof v === 'number' ? v : undefined;
      if (node.type === 'boolean') return typeof v === 'boolean' ? v : undefined;
      return v;
    } catch {
      return undefined;
    }
  }
}
