// The parts of a CRD version besides its schema: printer columns, the scale
// subresource and selectable fields, each checked against the schema they point into.
// Inputs are read defensively: the designer calls this on half-typed YAML.
import type { JSONSchemaProps } from '../crd/types';
import { error, type Issue } from './issue';

const COLUMN_TYPES = new Set(['integer', 'number', 'string', 'boolean', 'date']);
const COLUMN_FORMATS = new Set(['int32', 'int64', 'float', 'double', 'byte', 'date', 'date-time', 'password']);

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Follows a `.spec.replicas`-style path through the schema. */
export function schemaAt(root: JSONSchemaProps | undefined, jsonPath: string): JSONSchemaProps | undefined {
  let node = root;
  for (const part of jsonPath.split('.').slice(1)) node = node?.properties?.[part];
  return node;
}

export function validatePrinterColumns(version: string, columns: unknown): Issue[] {
  const out: Issue[] = [];
  list(columns).forEach((raw, j) => {
    const p = `${version}: additionalPrinterColumns[${j}]`;
    const c = isObject(raw) ? raw : {};
    const type = str(c.type) ?? '';
    const jsonPath = str(c.jsonPath) ?? '';
    if (!str(c.name)) out.push(error(p, 'a printer column needs a name'));
    if (!COLUMN_TYPES.has(type))
      out.push(error(p, `column type "${type}" must be one of ${[...COLUMN_TYPES].join(', ')}`));
    if (c.format !== undefined && !COLUMN_FORMATS.has(str(c.format) ?? ''))
      out.push(error(p, `column format ${JSON.stringify(c.format)} must be one of ${[...COLUMN_FORMATS].join(', ')}`));
    if (!jsonPath.startsWith('.')) out.push(error(p, `jsonPath "${jsonPath}" must start with '.', such as .spec.size`));
    if (c.priority !== undefined && !(typeof c.priority === 'number' && c.priority >= 0))
      out.push(error(p, 'priority must be a number, 0 or more'));
  });
  return out;
}

export function validateScale(version: string, subresources: unknown, root: JSONSchemaProps | undefined): Issue[] {
  const scale = isObject(subresources) ? subresources.scale : undefined;
  if (scale === undefined) return [];
  const p = `${version}: subresources.scale`;
  if (!isObject(scale)) return [error(p, 'scale must be an object with specReplicasPath and statusReplicasPath')];
  const out: Issue[] = [];
  for (const [key, prefix] of [
    ['specReplicasPath', '.spec.'],
    ['statusReplicasPath', '.status.'],
  ] as const) {
    const path = str(scale[key]);
    if (!path?.startsWith(prefix))
      out.push(error(p, `${key} must be a path under ${prefix.slice(0, -1)}, such as ${prefix}replicas`));
    else if (root && schemaAt(root, path)?.type !== 'integer')
      out.push(error(p, `${key} ${path} must point to an integer field of the schema`));
  }
  const selector = scale.labelSelectorPath;
  if (selector !== undefined && !/^\.(spec|status)\./.test(str(selector) ?? ''))
    out.push(error(p, 'labelSelectorPath must be a path under .spec or .status'));
  return out;
}

export function validateSelectableFields(version: string, fields: unknown, root: JSONSchemaProps | undefined): Issue[] {
  const out: Issue[] = [];
  list(fields).forEach((raw, j) => {
    const p = `${version}: selectableFields[${j}]`;
    const jsonPath = isObject(raw) ? str(raw.jsonPath) : undefined;
    if (jsonPath === undefined || !jsonPath.startsWith('.'))
      return void out.push(error(p, 'jsonPath must be a path such as .spec.color'));
    const t = schemaAt(root, jsonPath);
    if (t === undefined) out.push(error(p, `${jsonPath} is not a field of the schema`));
    else if (!['string', 'integer', 'boolean'].includes(t.type ?? ''))
      out.push(error(p, `${jsonPath} must be a string, integer or boolean field`));
  });
  if (list(fields).length > 8)
    out.push(error(`${version}: selectableFields`, 'at most 8 selectable fields are allowed'));
  return out;
}
