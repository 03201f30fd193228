// `opstudio test --against-cluster` (docs/design/0052): every validation case is also sent to a
// real API server as a server-side dry run, and each case where the studio's verdict and the API
// server's differ is reported. The pure half: the temporary CRDs, the requests' objects, the API
// server's answer read as a verdict, and the comparison. The CLI does the I/O.
//
// The design's CRD is installed under a temporary group of its own (`<random>.<group>`): the
// cluster's own copy of the kind, if any, may be another revision of the design, and its objects
// are not touched. An update case needs its old object stored on the server, and a ratcheting
// case's old object is one the CRD refuses: so the old objects are created while the temporary
// CRD has a permissive schema (the same structure and defaults, no value validations and no
// rules), then the CRD is replaced by the design's own schema, and the updates are dry runs.
import type { CustomResourceDefinition, JSONSchemaProps } from '../crd/types';
import type { Design } from '../design/schema';
import { storageVersion } from '../manifests/sample';
import { isPlainObject } from '../resources/merge-patch';
import type { ValidationCase } from './model';
import { validationObjects, type Verdict } from './validation-case';

export interface ClusterComparison {
  readonly name: string;
  /** `tests.validation[3]` */
  readonly path: string;
  readonly studio?: Verdict;
  readonly cluster?: Verdict;
  /** where the verdicts differ; or why the case could not be compared */
  readonly differences: readonly string[];
}

export interface AgainstClusterRun {
  readonly server: string;
  readonly cases: readonly ClusterComparison[];
  /** cases that differ or could not be compared */
  readonly disagreements: number;
}

/** Field of the permissive schema that the design's schema prunes: seen gone, the design's schema serves. */
export const PROBE_FIELD = 'opstudioSchemaProbe';

// what a structural schema needs to stay structural and to default, prune and store alike
const STRUCTURE = new Set([
  'type',
  'description',
  'properties',
  'items',
  'additionalProperties',
  'nullable',
  'default',
  'required',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
]);

/** The schema with its structure and defaults and without any value validation or rule. */
export function permissiveSchema(schema: JSONSchemaProps): JSONSchemaProps {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (!STRUCTURE.has(k)) continue;
    if (k === 'properties' && isPlainObject(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, permissiveSchema(s as JSONSchemaProps)]));
    else if ((k === 'items' || k === 'additionalProperties') && isPlainObject(v)) out[k] = permissiveSchema(v);
    else out[k] = v;
  }
  return out;
}

export interface ClusterCopy {
  readonly group: string;
  /** `<plural>.<group>` */
  readonly name: string;
  /** the design's CRD under the temporary group: what the dry runs are validated by */
  readonly real: CustomResourceDefinition;
  /** the same kind with the permissive schema (and a root that keeps unknown fields): for the old objects */
  readonly permissive: CustomResourceDefinition;
}

/**
 * The design's CRD under `<token>.<group>`, twice. Subresources are left out: with a status
 * subresource the API server ignores `status` on the main endpoint, and a case validates the whole
 * object at once as the studio does. A conversion webhook is left out too (the versions are the
 * same schema-for-schema; a case names the version it validates at).
 */
export function clusterCopy(crd: CustomResourceDefinition, token: string): ClusterCopy {
  const group = `${token}.${crd.spec.group}`;
  const name = `${crd.spec.names.plural}.${group}`;
  const copy = (schema: (s: JSONSchemaProps) => JSONSchemaProps): CustomResourceDefinition => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name, labels: { 'opstudio.dev/against-cluster': 'true' } },
    spec: {
      group,
      names: crd.spec.names,
      scope: crd.spec.scope,
      versions: crd.spec.versions.map(({ subresources: _s, additionalPrinterColumns: _c, ...v }) => ({
        ...v,
        schema: { openAPIV3Schema: schema(v.schema?.openAPIV3Schema ?? { type: 'object' }) },
      })),
    },
  });
  return {
    group,
    name,
    real: copy((s) => s),
    permissive: copy((s) => ({ ...permissiveSchema(s), 'x-kubernetes-preserve-unknown-fields': true })),
  };
}

/** Can the probe tell the two schemas apart (the design's root must prune an unknown field)? */
export function probeWorks(crd: CustomResourceDefinition): boolean {
  return crd.spec.versions.every((v) => v.schema?.openAPIV3Schema?.['x-kubernetes-preserve-unknown-fields'] !== true);
}

/** The case's object as sent: the temporary group's apiVersion, in its namespace (when namespaced). */
export function placed(
  object: Record<string, unknown>,
  copy: ClusterCopy,
  version: string,
  namespace: string | undefined,
): Record<string, unknown> {
  const meta = isPlainObject(object.metadata) ? object.metadata : {};
  const { namespace: _ns, uid: _uid, resourceVersion: _rv, ...rest } = meta;
  return {
    ...object,
    apiVersion: `${copy.group}/${version}`,
    metadata: { ...rest, ...(namespace !== undefined ? { namespace } : {}) },
  };
}

/** A refusal's Status (422 Invalid) as the studio words it: `spec.replicas: Invalid value: …` per cause. */
export function refusalLines(status: unknown): string[] {
  if (!isPlainObject(status)) return [String(status)];
  const details = isPlainObject(status.details) ? status.details : {};
  const causes = Array.isArray(details.causes) ? details.causes : [];
  if (causes.length === 0) return [typeof status.message === 'string' ? status.message : JSON.stringify(status)];
  return causes.map((c) => {
    const cause = isPlainObject(c) ? c : {};
    const field = typeof cause.field === 'string' && cause.field !== '' ? cause.field : '<nil>';
    return `${field}: ${typeof cause.message === 'string' ? cause.message : ''}`;
  });
}

/** Where the two verdicts differ, in words; empty when they agree. */
export function verdictDifferences(studio: Verdict, cluster: Verdict): string[] {
  const out: string[] = [];
  const word = (v: Verdict) => (v.allowed ? 'allowed' : 'refused');
  if (studio.allowed !== cluster.allowed) out.push(`the studio ${word(studio)} it, the API server ${word(cluster)} it`);
  for (const [what, a, b] of [
    ['error', studio.errors, cluster.errors],
    ['warning', studio.warnings, cluster.warnings],
  ] as const) {
    for (const line of a) if (!b.includes(line)) out.push(`${what} only the studio gives: ${JSON.stringify(line)}`);
    for (const line of b) if (!a.includes(line)) out.push(`${what} only the API server gives: ${JSON.stringify(line)}`);
  }
  return out;
}

/** The text of an HTTP `Warning` header (`299 - "text"`), as the studio's warnings are worded. */
export function warningText(header: string): string {
  const m = /^\d{3} \S+ "((?:[^"\\]|\\.)*)"/.exec(header);
  return m === null ? header : m[1]!.replace(/\\(.)/g, '$1');
}

/** A validation case as sent to the API server. */
export interface ClusterCase {
  readonly c: ValidationCase;
  /** `tests.validation[3]` */
  readonly path: string;
  readonly version: string;
  /** where it is sent; none for a cluster-scoped kind */
  readonly namespace: string | undefined;
  readonly object: Record<string, unknown>;
  /** stored for real (under the permissive schema) before the update is dry-run; null for a create */
  readonly oldObject: Record<string, unknown> | null;
}

/**
 * The design's validation cases placed in the copy: creates in `opstudio-test-<token>`, each
 * update's old object in a namespace of its own (`…-<i>`, so it keeps the case's name); a
 * cluster-scoped kind's update cases put `-<i>` after the name instead. `namespaces` in order.
 */
export function clusterCases(
  design: Design,
  copy: ClusterCopy,
  token: string,
): { cases: ClusterCase[]; namespaces: string[] } {
  const namespaced = copy.real.spec.scope === 'Namespaced';
  const namespaces: string[] = [];
  const cases = (design.tests?.validation ?? []).map((c, i): ClusterCase => {
    const { object, oldObject } = validationObjects(design, c);
    let namespace: string | undefined;
    if (namespaced) {
      namespace = oldObject === null ? `opstudio-test-${token}` : `opstudio-test-${token}-${i}`;
      if (!namespaces.includes(namespace)) namespaces.push(namespace);
    }
    const version = c.version ?? storageVersion(design).name;
    const place = (o: Record<string, unknown>) =>
      placed(namespaced || oldObject === null ? o : renamed(o, i), copy, version, namespace);
    return {
      c,
      path: `tests.validation[${i}]`,
      version,
      namespace,
      object: place(object),
      oldObject: oldObject === null ? null : place(oldObject),
    };
  });
  return { cases, namespaces };
}

function renamed(o: Record<string, unknown>, i: number): Record<string, unknown> {
  const meta = isPlainObject(o.metadata) ? o.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : 'case';
  return { ...o, metadata: { ...meta, name: `${name}-${i}` } };
}
