// What only a cluster can say about a design's kinds (shared/validate/design-rendered.ts): which
// of the kinds its children and external references name it serves (discovery, one request per
// group version), and the schema of each custom-resource child kind it serves (OpenAPI v3, via
// kube/kind-schemas.ts; the built-in kinds keep their bundled schemas). The install refuses a
// design with such errors before anything is applied; `opstudio validate` prints them.
import type { Design } from '@opstudio/shared/design/schema';
import type { JsonSchema } from '@opstudio/shared/kube/openapi-schema';
import { clusterChildIssues, kindKey, kindsToAsk, type ClusterKinds } from '@opstudio/shared/validate/design-rendered';
export { providersOf } from '@opstudio/shared/validate/design-rendered';
import type { Issue } from '@opstudio/shared/validate/issue';
import { InvalidInputError } from '../errors';
import type { CrdClient } from './crd-client';

export interface KindSource {
  readonly servedKinds: CrdClient['servedKinds'];
  /** the cluster's schema of a kind it serves, when it has one */
  readonly schemaOf?: (apiVersion: string, kind: string) => Promise<JsonSchema | undefined>;
}

/** The studio's other designs' kinds, asked for only when a kind is not served. */
export type Providers = () => Promise<ClusterKinds['providers']>;

/** Asks the cluster about every kind the design names. */
export async function clusterKinds(source: KindSource, design: Design, providers: Providers): Promise<ClusterKinds> {
  const kinds = kindsToAsk(design);
  // every group version at once; the first failure is the answer (Promise.all handles the rest)
  const versions = [...new Set(kinds.map((k) => k.apiVersion))];
  const sets = await Promise.all(versions.map((v) => source.servedKinds(v)));
  const byVersion = new Map(versions.map((v, i) => [v, sets[i]!]));
  const served: Record<string, boolean> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const { apiVersion, kind, bundled } of kinds) {
    const key = kindKey(apiVersion, kind);
    served[key] = byVersion.get(apiVersion)?.has(kind) === true;
    if (!served[key] || bundled || source.schemaOf === undefined) continue;
    const schema = await source.schemaOf(apiVersion, kind);
    if (schema !== undefined) schemas[key] = schema;
  }
  const unserved = Object.values(served).includes(false);
  return { served, schemas, providers: unserved ? await providers() : [] };
}

/** The cluster's findings about the design (errors and warnings), at design paths. */
export async function clusterIssues(source: KindSource, design: Design, providers: Providers): Promise<Issue[]> {
  if (kindsToAsk(design).length === 0) return [];
  return clusterChildIssues(design, await clusterKinds(source, design, providers));
}

/** Refuses, before anything is applied, a design whose kinds the cluster does not serve or whose children its schemas refuse. */
export async function refuseClusterIssues(
  source: KindSource,
  design: Design,
  providers: Providers,
  label: string,
): Promise<void> {
  const errors = (await clusterIssues(source, design, providers)).filter((i) => i.severity === 'error');
  if (errors.length > 0)
    throw new InvalidInputError(
      `${label} names a kind the cluster does not serve, or a child its schema refuses; fix it before installing`,
      errors.map((i) => ({ field: i.path, message: i.message })),
    );
}
