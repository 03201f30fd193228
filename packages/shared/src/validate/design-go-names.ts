// The Go side of a design's fields: each object with fields becomes a Go struct in
// api/<version>/<kind>_types.go, so its field names must be exported identifiers, unique
// within the struct, and not shadow a method controller-gen generates. A field without a
// goName gets a derived one (`containerPort` → `ContainerPort`); two JSON names can derive
// the same Go name (`podIP`, `podIp`), and the fix is a goName on one of them.
import { childPath, itemsPath, mapValuesPath } from '../crd/diff-path';
import { isBareField, STANDARD_ROOT_FIELDS } from '../crd/field-schema';
import type { FieldNode, NamedField } from '../design/field';
import { deriveGoName } from '../design/names';
import type { VersionDesign } from '../design/schema';
import { remember } from './design-memo';
import { schemaIssuePath } from './design-paths';
import { error, type Issue } from './issue';
import { validateGoStructFields } from './names';

/** The root struct embeds metav1.TypeMeta and metav1.ObjectMeta: fields may not take those names. */
const EMBEDDED_ROOT = new Set(['TypeMeta', 'ObjectMeta']);

const derived = new Map<string, string>();
const goName = (f: NamedField): string => f.goName ?? remember(derived, f.name, () => deriveGoName(f.name));

function structIssues(
  fields: readonly NamedField[],
  version: string,
  path: string,
  isRoot: boolean,
  out: Issue[],
): void {
  const own = isRoot ? fields.filter((f) => !(f.name in STANDARD_ROOT_FIELDS && isBareField(f))) : fields;
  const go = own.map((f) => ({ json: f.name, go: goName(f) }));
  // validateGoStructFields reports `<path>.<json>`: call it per struct with an empty path and map back.
  const byPath = new Map(own.map((f) => [`.${f.name}`, f]));
  for (const issue of validateGoStructFields(go, '')) {
    const f = byPath.get(issue.path);
    const at = schemaIssuePath(version, f ? childPath(path, f.name) : path);
    out.push({ ...issue, path: f?.goName !== undefined ? `${at}.goName` : at });
  }
  if (isRoot) {
    for (const f of own) {
      const name = goName(f);
      if (EMBEDDED_ROOT.has(name)) {
        out.push(
          error(
            schemaIssuePath(version, childPath(path, f.name)),
            `Go field name ${name} clashes with the embedded metav1.${name}: set another goName`,
          ),
        );
      }
    }
  }
}

function walk(node: FieldNode, version: string, path: string, isRoot: boolean, out: Issue[]): void {
  if (node.fields !== undefined && node.fields.length > 0) {
    structIssues(node.fields, version, path, isRoot, out);
    for (const f of node.fields) walk(f, version, childPath(path, f.name), false, out);
  }
  if (node.items !== undefined) walk(node.items, version, itemsPath(path), false, out);
  if (typeof node.additionalProperties === 'object')
    walk(node.additionalProperties, version, mapValuesPath(path), false, out);
}

export function validateDesignGoNames(version: VersionDesign): Issue[] {
  const out: Issue[] = [];
  if (version.schema !== undefined) walk(version.schema, version.name, '.', true, out);
  return out;
}
