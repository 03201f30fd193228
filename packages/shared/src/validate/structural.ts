// Structural-schema rules as apiextensions-apiserver applies them when a CRD is
// created (pkg/apiserver/schema/validation.go and apis/apiextensions/validation):
// every node typed, no unsupported keywords, properties XOR additionalProperties,
// embedded resources, int-or-string, root metadata, and what value validations
// (allOf/anyOf/oneOf/not) may hold. List and map types live in list-types.ts.
import type { JSONSchemaProps } from '../crd/types';
import { error, warning, type Issue } from './issue';
import { validateListTypes } from './list-types';
import { validateRanges } from './ranges';
import { validateValueValidations } from './value-validations';
import { at, walkSchema, type Level } from './walk';

const TYPES = new Set(['array', 'boolean', 'integer', 'number', 'object', 'string']);
const UNSUPPORTED = [
  '$ref',
  '$schema',
  'id',
  'definitions',
  'patternProperties',
  'dependencies',
  'additionalItems',
] as const;
export const KNOWN_FORMATS = new Set([
  'bsonobjectid',
  'uri',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'cidr',
  'mac',
  'uuid',
  'uuid3',
  'uuid4',
  'uuid5',
  'isbn',
  'isbn10',
  'isbn13',
  'creditcard',
  'ssn',
  'hexcolor',
  'rgbcolor',
  'byte',
  'password',
  'date',
  'duration',
  'datetime',
  'date-time',
  'int32',
  'int64',
  'float',
  'double',
]);

const MISSING_TYPE: Record<Level, string> = {
  root: 'the schema root needs type: object',
  item: 'array items need a type (or x-kubernetes-int-or-string / x-kubernetes-preserve-unknown-fields)',
  field:
    'this field needs a type (or x-kubernetes-int-or-string / x-kubernetes-preserve-unknown-fields for free-form values)',
};

/** RE2 (Go's regexp) has no look-around or back-references; JavaScript would accept them. */
export function checkPattern(pattern: string): string | undefined {
  if (/\(\?<?[=!]/.test(pattern)) return 'look-ahead and look-behind are not supported by Kubernetes (RE2)';
  if (/(^|[^\\])\\[1-9]/.test(pattern)) return 'back-references are not supported by Kubernetes (RE2)';
  try {
    new RegExp(pattern);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

function validateNode(node: JSONSchemaProps, level: Level, p: string, out: Issue[]): void {
  const intOrString = node['x-kubernetes-int-or-string'] === true;
  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = node['x-kubernetes-embedded-resource'] === true;

  for (const key of UNSUPPORTED)
    if (node[key] !== undefined)
      out.push(error(p, `${key} is not supported in CRD schemas: inline the schema instead`));
  if (node.type !== undefined && !TYPES.has(node.type))
    out.push(error(p, `type "${node.type}" is not one of array, boolean, integer, number, object, string`));
  if (embedded && node.type !== 'object') out.push(error(p, 'x-kubernetes-embedded-resource needs type: object'));
  else if (node.type === undefined && !intOrString && !preserve) out.push(error(p, MISSING_TYPE[level]));
  if (level === 'root' && node.type !== undefined && node.type !== 'object')
    out.push(error(p, 'the schema root must be type: object'));
  if (level === 'root' && node.additionalProperties !== undefined)
    out.push(error(p, 'additionalProperties is not allowed at the schema root'));
  if (embedded && node.additionalProperties !== undefined)
    out.push(error(p, 'additionalProperties cannot be used with x-kubernetes-embedded-resource'));
  if (embedded && !preserve && Object.keys(node.properties ?? {}).length === 0) {
    out.push(
      error(
        p,
        'an embedded resource needs properties, or x-kubernetes-preserve-unknown-fields: true to keep any object',
      ),
    );
  }
  const ap = node.additionalProperties;
  if (node.properties !== undefined && Object.keys(node.properties).length > 0 && ap !== undefined && ap !== true) {
    out.push(
      error(
        p,
        'properties and additionalProperties cannot both be set: use properties for a struct, additionalProperties for a map',
      ),
    );
  }
  if (ap === false)
    out.push(error(p, 'additionalProperties: false is not allowed: unknown fields are pruned anyway, remove it'));
  if (node.type === 'array' && node.items === undefined) out.push(error(p, 'type: array needs items'));
  if (Array.isArray(node.items)) out.push(error(p, 'items must be one schema, not a list of schemas'));
  if (intOrString && preserve)
    out.push(error(p, 'x-kubernetes-preserve-unknown-fields cannot be combined with x-kubernetes-int-or-string'));
  if (intOrString && embedded)
    out.push(error(p, 'x-kubernetes-embedded-resource cannot be combined with x-kubernetes-int-or-string'));
  if (intOrString && node.type !== undefined)
    out.push(error(p, `type must be empty when x-kubernetes-int-or-string is true (found ${node.type})`));
  if ((node as Record<string, unknown>)['x-kubernetes-preserve-unknown-fields'] === false) {
    out.push(error(p, 'x-kubernetes-preserve-unknown-fields must be true or left out'));
  }
  if (node.uniqueItems === true)
    out.push(error(p, 'uniqueItems: true is not allowed (quadratic to check); use x-kubernetes-list-type: set'));
  if (node.pattern !== undefined) {
    const problem = checkPattern(node.pattern);
    if (problem)
      out.push(error(p, `pattern ${JSON.stringify(node.pattern)} is not a valid regular expression: ${problem}`));
  }
  out.push(...validateRanges(node, p));
  if (node.format !== undefined && !KNOWN_FORMATS.has(node.format))
    out.push(warning(p, `format "${node.format}" is unknown to Kubernetes and will not be checked`));

  // apiVersion, kind and metadata of the object itself (root) and of embedded objects
  if (level === 'root' || embedded) {
    for (const key of ['apiVersion', 'kind'] as const) {
      const t = node.properties?.[key]?.type;
      if (node.properties?.[key] !== undefined && t !== 'string')
        out.push(error(`${p === '.' ? '' : p}.${key}`, `${key} must be type: string`));
    }
    const meta = node.properties?.metadata;
    if (meta !== undefined && meta.type !== 'object')
      out.push(error(`${p === '.' ? '' : p}.metadata`, 'metadata must be type: object'));
  }
  if (level === 'root' && node.properties?.metadata !== undefined) {
    const meta = node.properties.metadata;
    const extra = Object.keys(meta).filter((k) => !['type', 'properties', 'description'].includes(k));
    const props = Object.keys(meta.properties ?? {}).filter((k) => k !== 'name' && k !== 'generateName');
    if (extra.length > 0 || props.length > 0) {
      out.push(
        error(
          '.metadata',
          `metadata may only restrict name and generateName; remove ${[...extra, ...props].join(', ')}`,
        ),
      );
    }
  }
}

export function validateStructural(version: string, root: JSONSchemaProps | undefined): Issue[] {
  if (root === undefined)
    return [error(`${version}: .`, 'every version needs a schema (spec.versions[].schema.openAPIV3Schema)')];
  const out: Issue[] = [];
  walkSchema(root, ({ node, path, level }) => {
    const local: Issue[] = [];
    validateNode(node, level, path, local);
    validateListTypes(node, path, local);
    validateValueValidations(node, path, local);
    out.push(...local.map((i) => ({ ...i, path: at(version, i.path) })));
  });
  return out;
}
