/**
 * Names derived from a design when it leaves them out: the API group, the CRD's plural,
 * singular and list kind (as kubebuilder derives them), and Go field names.
 */
import type { Design, Names } from './schema';
import { DEFAULT_CONTROLLER_GEN_VERSION } from './schema';

export function fullGroup(design: Design): string {
  const { domain } = design.project;
  return domain ? `${design.crd.group}.${domain}` : design.crd.group;
}

/** English plural of a lower-case kind, close to kubebuilder's flect.Pluralize for kind names. */
export function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export interface ResolvedNames {
  kind: string;
  plural: string;
  singular: string;
  listKind: string;
  shortNames?: string[];
  categories?: string[];
}

export function resolveNames(names: Names): ResolvedNames {
  const lower = names.kind.toLowerCase();
  return {
    kind: names.kind,
    plural: names.plural ?? pluralize(lower),
    singular: names.singular ?? lower,
    listKind: names.listKind ?? `${names.kind}List`,
    ...(names.shortNames ? { shortNames: names.shortNames } : {}),
    ...(names.categories ? { categories: names.categories } : {}),
  };
}

export function crdName(design: Design): string {
  return `${resolveNames(design.crd.names).plural}.${fullGroup(design)}`;
}

export function controllerGenVersion(design: Design): string | null {
  const v = design.crd.controllerGenVersion;
  return v === undefined ? DEFAULT_CONTROLLER_GEN_VERSION : v;
}

/** Go's common initialisms (golint's list) that stay upper case in a Go name. */
const INITIALISMS = new Set([
  'ACL',
  'API',
  'ASCII',
  'CPU',
  'CSS',
  'DNS',
  'EOF',
  'GUID',
  'HTML',
  'HTTP',
  'HTTPS',
  'ID',
  'IP',
  'JSON',
  'LHS',
  'QPS',
  'RAM',
  'RHS',
  'RPC',
  'SLA',
  'SMTP',
  'SQL',
  'SSH',
  'TCP',
  'TLS',
  'TTL',
  'UDP',
  'UI',
  'UID',
  'UUID',
  'URI',
  'URL',
  'UTF8',
  'VM',
  'XML',
  'XMPP',
  'XSRF',
  'XSS',
]);

/** The Go field name for a JSON name: `containerPort` → `ContainerPort`, `podIP` → `PodIP`, `api-key` → `APIKey`. */
export function deriveGoName(jsonName: string): string {
  const parts = jsonName.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const words = parts.flatMap((p) => p.split(/(?<=[a-z0-9])(?=[A-Z])/));
  const out = words
    .map((w) => {
      const upper = w.toUpperCase();
      if (INITIALISMS.has(upper)) return upper;
      return w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join('');
  if (out === '') return 'Field';
  return /^[0-9]/.test(out) ? `F${out}` : out;
}
