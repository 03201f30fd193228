// Name rules: what the API server checks on a CRD's names (DNS-1123 subdomain for the
// group, DNS-1035 labels for plural/singular/kind/shortNames/categories/versions), plus
// what the exported kubebuilder project needs (Kind and Go field names are Go
// identifiers, versions follow Kubernetes' v1 / v1alpha1 / v2beta3 scheme).
import { DNS1035_LABEL, DNS1035_LABEL_MAX, isDns1123Subdomain } from '../kube/names';
import { error, warning, type Issue } from './issue';

const KUBE_VERSION = /^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/;
const GO_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const GO_KEYWORDS: ReadonlySet<string> = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
]);

export function validateGroup(group: string, path = '.spec.group'): Issue[] {
  if (group === '') return [error(path, 'group is required: use a domain you own, such as cache.example.com')];
  if (!isDns1123Subdomain(group)) {
    return [
      error(
        path,
        `group "${group}" must be a lowercase DNS subdomain (letters, digits, '-' and '.'), such as cache.example.com`,
      ),
    ];
  }
  if (!group.includes('.')) return [error(path, `group "${group}" must contain a dot, such as ${group}.example.com`)];
  return [];
}

/** DNS-1035 label: what the API server requires of plural, singular, shortNames, categories and lowercased kinds. */
export function validateLabel(value: string, path: string, what: string): Issue[] {
  if (value === '') return [error(path, `${what} must not be empty`)];
  if (value.length > DNS1035_LABEL_MAX)
    return [error(path, `${what} "${value}" is longer than ${DNS1035_LABEL_MAX} characters`)];
  if (value !== value.toLowerCase())
    return [error(path, `${what} "${value}" must be lowercase: use "${value.toLowerCase()}"`)];
  if (!DNS1035_LABEL.test(value)) {
    return [
      error(path, `${what} "${value}" must start with a letter and contain only lowercase letters, digits and '-'`),
    ];
  }
  return [];
}

export function validateKind(kind: string, path = '.spec.names.kind', what = 'kind'): Issue[] {
  if (kind === '') return [error(path, `${what} is required, such as Memcached`)];
  if (!/^[A-Z][A-Za-z0-9]*$/.test(kind)) {
    const fixed = kind
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())
      .replace(/^./, (c) => c.toUpperCase());
    return [
      error(
        path,
        `${what} "${kind}" must be an UpperCamelCase Go identifier (letters and digits, starting upper case)${/^[A-Z]/.test(fixed) ? `, such as ${fixed}` : ''}`,
      ),
    ];
  }
  return validateLabel(kind.toLowerCase(), path, `${what} (lowercased)`);
}

export function validateVersionName(name: string, path: string): Issue[] {
  const label = validateLabel(name, path, 'version name');
  if (label.length > 0) return label;
  if (!KUBE_VERSION.test(name)) {
    return [
      error(
        path,
        `version "${name}" should look like v1, v1alpha1 or v2beta3 (the scheme Kubernetes sorts versions by, and kubebuilder requires)`,
      ),
    ];
  }
  return [];
}

export function validateGoIdentifier(name: string, path: string, what = 'Go name'): Issue[] {
  if (!GO_IDENTIFIER.test(name))
    return [
      error(path, `${what} "${name}" is not a Go identifier: use letters, digits and '_', not starting with a digit`),
    ];
  if (GO_KEYWORDS.has(name))
    return [
      error(
        path,
        `${what} "${name}" is a Go keyword: pick another name, such as ${name[0]!.toUpperCase()}${name.slice(1)}`,
      ),
    ];
  return [];
}

/** A Go struct field must also be exported, or encoding/json ignores it. */
export function validateGoFieldName(name: string, path: string): Issue[] {
  const base = validateGoIdentifier(name, path, 'Go field name');
  if (base.length > 0) return base;
  if (!/^[A-Z]/.test(name))
    return [
      error(
        path,
        `Go field name "${name}" must start with an upper-case letter to be serialised, such as ${name[0]!.toUpperCase()}${name.slice(1)}`,
      ),
    ];
  return [];
}

/** encoding/json's isValidTag: letters, digits and these punctuation marks (no comma, quote or backslash). */
export const JSON_TAG_NAME = /^[\p{L}\p{Nd}!#$%&()*+\-./:;<=>?@[\]^_{|}~ ]+$/u;

/** JSON field names end up in Go struct tags and in CEL expressions. */
export function validateJsonFieldName(name: string, path: string): Issue[] {
  if (name === '') return [error(path, 'field name must not be empty')];
  if (/[\s"`,\\\p{Cc}\p{Cs}]/u.test(name)) {
    return [
      error(
        path,
        `field name ${JSON.stringify(name)} contains a space, line break, quote, backquote, comma, backslash or control character, which a Go struct tag cannot hold`,
      ),
    ];
  }
  if (!JSON_TAG_NAME.test(name)) {
    return [
      error(
        path,
        `field name ${JSON.stringify(name)} cannot be a Go json tag name (encoding/json allows letters, digits and !#$%&()*+-./:;<=>?@[]^_{|}~ and spaces): the exported Go types would leave the field out`,
      ),
    ];
  }
  if (!/^[a-z][A-Za-z0-9]*$/.test(name)) {
    return [
      warning(
        path,
        `field name "${name}" is not lowerCamelCase as the Kubernetes API conventions ask; set its Go name explicitly if the derived one is wrong`,
      ),
    ];
  }
  return [];
}

/** Methods controller-gen and apimachinery generate on API types: a field with one of these names does not compile. */
const GENERATED_METHODS = new Set(['DeepCopy', 'DeepCopyInto', 'DeepCopyObject', 'GetObjectKind']);

/** The fields of one Go struct: each a valid exported name, no two alike, none shadowing a generated method. */
export function validateGoStructFields(fields: readonly { json: string; go: string }[], path: string): Issue[] {
  const out: Issue[] = [];
  const seen = new Map<string, string>();
  for (const f of fields) {
    const at = `${path}.${f.json}`;
    out.push(...validateGoFieldName(f.go, at));
    if (GENERATED_METHODS.has(f.go))
      out.push(error(at, `Go field name "${f.go}" clashes with a generated method: rename it, such as ${f.go}Spec`));
    const other = seen.get(f.go);
    if (other !== undefined)
      out.push(
        error(at, `fields "${other}" and "${f.json}" both become Go field ${f.go}: give one of them another Go name`),
      );
    else seen.set(f.go, f.json);
  }
  return out;
}
