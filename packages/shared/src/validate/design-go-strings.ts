// What a design writes into the exported Go project that the CRD's checks do not see: the
// Go markers come from the design's own schema (which crd.extra can hide from the CRD), so
// every listMapKeys entry must name a field of its list's items here too; the API group
// becomes the import alias <group><version>, which must be a Go identifier; the Kind must not
// take a name groupversion_info.go declares; the operand's image and command become Go
// string literals, so they must have a UTF-8 form (and an image has no spaces or controls),
// and its field references are read in Go, so they must be plain dotted paths.
import { childPath, itemsPath, mapValuesPath } from '../crd/diff-path';
import type { FieldNode } from '../design/field';
import type { Design } from '../design/schema';
import { goPackageName } from '../gotypes/generate';
import { schemaIssuePath } from './design-paths';
import { error, type Issue } from './issue';
import { notAnItemField } from './list-types';
import { imageOperand } from '../design/operand-form';

/** metav1.Condition's JSON fields: the items of the conditions preset. */
const CONDITION_FIELDS = new Set(['type', 'status', 'observedGeneration', 'lastTransitionTime', 'reason', 'message']);
/** What groupversion_info.go declares in the API package beside the Kind. */
const API_PACKAGE_NAMES = new Set(['GroupVersion', 'SchemeBuilder', 'AddToScheme']);
const LONE_SURROGATE = /\p{Cs}/u;
/** `spec.size`: field names (no spaces, controls or brackets) joined by dots. */
const FIELD_PATH = /^[^.\s\p{C}[\]]+(\.[^.\s\p{C}[\]]+)*$/u;

function itemFields(node: FieldNode): ReadonlySet<string> {
  if (node.preset === 'conditions') return CONDITION_FIELDS;
  return new Set((node.items?.fields ?? []).map((f) => f.name));
}

function walk(node: FieldNode, version: string, path: string, out: Issue[]): void {
  if (node.listMapKeys !== undefined && node.listMapKeys.length > 0) {
    const fields = itemFields(node);
    for (const key of node.listMapKeys) {
      // the path of the list, not of one key: the designer edits the keys in one input
      if (!fields.has(key))
        out.push(error(schemaIssuePath(version, `${path} x-kubernetes-list-map-keys`), notAnItemField(key)));
    }
  }
  for (const f of node.fields ?? []) walk(f, version, childPath(path, f.name), out);
  if (node.items !== undefined) walk(node.items, version, itemsPath(path), out);
  if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, version, mapValuesPath(path), out);
}

function nameIssues(design: Design): Issue[] {
  const out: Issue[] = [];
  const { group, names } = design.crd;
  const aliasBase = (group.split('.')[0] ?? '').replace(/[^a-z0-9]/g, '');
  if (!/^[a-z]/.test(aliasBase)) {
    const alias = `${aliasBase}${goPackageName(design.crd.versions[0]?.name ?? 'v1')}`;
    out.push(
      error(
        'crd.group',
        `group ${JSON.stringify(group)} must start with a letter: the exported Go code imports the API as ${alias}, which is not a Go identifier`,
      ),
    );
  }
  if (API_PACKAGE_NAMES.has(names.kind)) {
    out.push(
      error(
        'crd.names.kind',
        `kind ${names.kind} clashes with the ${names.kind} that groupversion_info.go declares in the Go API package: pick another kind`,
      ),
    );
  }
  return out;
}

function operandIssues(design: Design): Issue[] {
  const op = imageOperand(design);
  if (op === undefined) return [];
  const out: Issue[] = [];
  if (/[\s\p{Cc}\p{Cf}]/u.test(op.image) || LONE_SURROGATE.test(op.image)) {
    out.push(
      error(
        'operand.image',
        `operand.image ${JSON.stringify(op.image)} is not an image reference: it cannot hold spaces, line breaks or control characters; use one such as memcached:1.6.26-alpine3.19`,
      ),
    );
  }
  for (const key of ['replicasField', 'portField', 'podNamesStatusField'] as const) {
    const ref = op[key];
    if (ref !== undefined && !FIELD_PATH.test(ref)) {
      out.push(
        error(
          `operand.${key}`,
          `${key} ${JSON.stringify(ref)} must be a dotted path of field names, such as spec.size: the exported controller reads that field in Go`,
        ),
      );
    }
  }
  (op.command ?? []).forEach((arg, i) => {
    if (arg.includes('\0') || LONE_SURROGATE.test(arg)) {
      out.push(
        error(
          `operand.command[${i}]`,
          `command argument ${JSON.stringify(arg)} holds a NUL or a lone surrogate half, which no process argument or Go string can carry`,
        ),
      );
    }
  });
  return out;
}

/** Issues for what the design writes into Go source, with paths in the design's terms. */
export function validateDesignGoStrings(design: Design): Issue[] {
  const out = [...nameIssues(design), ...operandIssues(design)];
  for (const v of design.crd.versions) if (v.schema !== undefined) walk(v.schema, v.name, '.', out);
  return out;
}
