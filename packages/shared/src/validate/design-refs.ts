// Places where a design names one of its own fields by path: the operand's replica, port
// and pod-names fields, printer columns, and the scale subresource's label selector. Each
// must resolve in the generated schema (presets and standard fields expanded) to a field
// of a type that works there. Paths into free-form objects (metadata, preserve-unknown-
// fields) cannot be checked and are accepted.
import type { JSONSchemaProps } from '../crd/types';
import type { Design, VersionDesign } from '../design/schema';
import { versionPath } from './design-paths';
import { error, warning, type Issue } from './issue';
import { imageOperand } from '../design/operand-form';

export type Resolved = { found: JSONSchemaProps } | { free: true } | { missing: string };

const isFree = (s: JSONSchemaProps): boolean =>
  s['x-kubernetes-preserve-unknown-fields'] === true ||
  (s.type === 'object' && s.properties === undefined && s.additionalProperties === undefined);

/** Steps through `.a.b[0].c`, `.conditions[?(@.type=="Ready")].status` or `['odd.key']` from the root. */
export function resolvePath(root: JSONSchemaProps | undefined, path: string): Resolved {
  let node = root;
  if (node === undefined) return { missing: path };
  const steps = /^\.?(?:[\w$-]+|\[[^\]]*\])(?:\.[\w$-]+|\[[^\]]*\])*$/.test(path)
    ? (path.match(/[\w$-]+|\[[^\]]*\]/g) ?? [])
    : undefined;
  if (steps === undefined) return { free: true }; // a JSONPath we do not follow (wildcards, unions …)
  let seen = '';
  for (const step of steps) {
    if (isFree(node)) return { free: true };
    const quoted = /^\[\s*['"](.*)['"]\s*\]$/.exec(step)?.[1];
    const key = step.startsWith('[') ? quoted : step;
    seen += key === undefined ? step : `.${key}`;
    let next: JSONSchemaProps | undefined;
    if (key === undefined) next = node.items !== undefined && !Array.isArray(node.items) ? node.items : undefined;
    else
      next =
        node.properties?.[key] ??
        (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
    if (next === undefined) return { missing: seen };
    node = next;
  }
  return { found: node };
}

const typeName = (s: JSONSchemaProps): string =>
  s['x-kubernetes-int-or-string'] === true
    ? 'int-or-string'
    : s.type === 'array'
      ? `array of ${s.items && !Array.isArray(s.items) ? typeName(s.items) : 'anything'}`
      : (s.type ?? 'untyped');

/** The fields of `root` under `prefix` that satisfy `ok`, as dotted paths, for "such as" hints. */
function candidates(root: JSONSchemaProps | undefined, prefix: string, ok: (s: JSONSchemaProps) => boolean): string[] {
  const out: string[] = [];
  const go = (s: JSONSchemaProps, p: string, depth: number): void => {
    if (ok(s)) out.push(p);
    if (depth < 3) for (const [k, c] of Object.entries(s.properties ?? {})) go(c, `${p}.${k}`, depth + 1);
  };
  const start = root?.properties?.[prefix];
  if (start) go(start, prefix, 0);
  return out.slice(0, 3);
}

const isInteger = (s: JSONSchemaProps): boolean => s.type === 'integer';
const isStringList = (s: JSONSchemaProps): boolean =>
  s.type === 'array' && !!s.items && !Array.isArray(s.items) && s.items.type === 'string';

export function validateOperandRefs(
  design: Design,
  version: VersionDesign,
  root: JSONSchemaProps | undefined,
): Issue[] {
  const operand = imageOperand(design);
  if (!operand) return [];
  const out: Issue[] = [];
  const refs = [
    ['replicasField', 'spec', isInteger, 'an integer'],
    ['portField', 'spec', isInteger, 'an integer'],
    ['podNamesStatusField', 'status', isStringList, 'a list of strings ([]string)'],
  ] as const;
  for (const [key, top, ok, want] of refs) {
    const value = operand[key];
    if (value === undefined) continue;
    const path = `operand.${key}`;
    const hint = (): string => {
      const c = candidates(root, top, ok);
      return c.length > 0 ? `, such as ${c.join(' or ')}` : `; add one under ${top}`;
    };
    if (!value.startsWith(`${top}.`)) {
      out.push(error(path, `${key} "${value}" must be a path under ${top} (without a leading dot)${hint()}`));
      continue;
    }
    const r = resolvePath(root, value);
    if ('missing' in r)
      out.push(error(path, `${key} ${value} is not a field of version ${version.name}: pick ${want} field${hint()}`));
    else if ('found' in r && !ok(r.found))
      out.push(error(path, `${key} ${value} is ${typeName(r.found)}, it must be ${want}${hint()}`));
  }
  return out;
}

const COLUMN_TYPE_OK: Record<string, (s: JSONSchemaProps) => boolean> = {
  integer: (s) => s.type === 'integer' || s['x-kubernetes-int-or-string'] === true,
  number: (s) => s.type === 'number' || s.type === 'integer',
  boolean: (s) => s.type === 'boolean',
  date: (s) => s.type === 'string',
  string: () => true,
};

/** Printer columns and the scale label selector must point at fields that exist. */
export function validateVersionRefs(version: VersionDesign, root: JSONSchemaProps | undefined): Issue[] {
  const out: Issue[] = [];
  const at = versionPath(version.name);
  (version.printerColumns ?? []).forEach((c, i) => {
    if (!c.jsonPath.startsWith('.')) return; // validateCrd says so already
    const r = resolvePath(root, c.jsonPath);
    const p = `${at}.printerColumns[${i}].jsonPath`;
    if ('missing' in r)
      out.push(error(p, `column ${c.name} would always be empty: ${r.missing} is not a field of the schema`));
    else if ('found' in r && !(COLUMN_TYPE_OK[c.type]?.(r.found) ?? true)) {
      out.push(
        warning(
          p,
          `column ${c.name} has type ${c.type} but ${c.jsonPath} is ${typeName(r.found)}: kubectl shows it as ${c.type}`,
        ),
      );
    }
  });
  const selector = version.subresources?.scale?.labelSelectorPath;
  if (selector !== undefined && /^\.(spec|status)\./.test(selector)) {
    const r = resolvePath(root, selector);
    const p = `${at}.subresources.scale.labelSelectorPath`;
    if ('missing' in r)
      out.push(
        error(p, `${selector} is not a field of the schema: add a string field (the serialised label selector) there`),
      );
    else if ('found' in r && r.found.type !== 'string')
      out.push(
        error(
          p,
          `${selector} is ${typeName(r.found)}, it must be a string (the serialised label selector, as in Deployment's status.selector)`,
        ),
      );
  }
  return out;
}
