// The design's rendered sample children checked (graph/rendered-checks.ts), at design paths
// (`operand.resources[1].template.spec.replicas`). Offline (validateDesign: the designer's
// worker, `opstudio validate`, the install's own validation) the bundled schemas of the built-in
// kinds are the schemas and nothing is said about what a cluster serves; with a cluster, its
// discovery and OpenAPI v3 add the rest (`clusterChildIssues`).
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import { designGraphPreview } from '../designer/graph-preview';
import { fullGroup } from '../design/names';
import {
  bundledKindSchema,
  isBundledKind,
  renderedChildIssues,
  THIS_DESIGN,
  type RenderedChecks,
} from '../graph/rendered-checks';
import { splitApiVersion, type JsonSchema } from '../kube/openapi-schema';
import { unservedExternalKinds } from './external-kinds';
import type { Issue } from './issue';

/** The issues of `checks` for the design's sample children, at design paths. */
export function designRenderedIssues(design: Design, checks: RenderedChecks): Issue[] {
  const graph = designGraph(design);
  const preview = graph === undefined ? undefined : designGraphPreview(design);
  if (graph === undefined || preview === undefined) return [];
  return renderedChildIssues(graph, preview.children, checks).map((i) => ({ ...i, path: `operand.${i.path}` }));
}

/** Offline: names, and values against the bundled schemas of the built-in kinds. */
export const offlineChildChecks: RenderedChecks = { schemaOf: bundledKindSchema };

/** `apiVersion/kind`: how ClusterKinds keys a kind. */
export const kindKey = (apiVersion: string, kind: string): string => `${apiVersion}/${kind}`;

/** What a cluster said about the kinds a design names, as data (it crosses to the previews' worker). */
export interface ClusterKinds {
  /** by kindKey: whether the cluster serves the kind (discovery); a kind not listed: not known */
  readonly served: Readonly<Record<string, boolean>>;
  /** by kindKey: the cluster's schema of a kind the bundle does not know (a custom resource) */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  /** the kinds the studio's other designs define, for "install that design first" */
  readonly providers: readonly { readonly group: string; readonly kind: string; readonly name: string }[];
}

/** The kinds saved designs define, from the designs list (`crdName` is `<plural>.<group>`). */
export function providersOf(
  designs: readonly { readonly name: string; readonly crdName: string | null; readonly kind: string | null }[],
): ClusterKinds['providers'] {
  return designs.flatMap((d) =>
    d.crdName === null || d.kind === null
      ? []
      : [{ group: d.crdName.slice(d.crdName.indexOf('.') + 1), kind: d.kind, name: d.name }],
  );
}

/** The kinds to ask a cluster about: each child's and each external reference's, once each. */
export function kindsToAsk(design: Design): { apiVersion: string; kind: string; bundled: boolean }[] {
  const seen = new Map<string, { apiVersion: string; kind: string; bundled: boolean }>();
  const refs = [...(design.operand?.resources ?? []).map((r) => r.template), ...(design.operand?.externalRefs ?? [])];
  for (const { apiVersion, kind } of refs)
    seen.set(kindKey(apiVersion, kind), { apiVersion, kind, bundled: isBundledKind(apiVersion, kind) });
  return [...seen.values()];
}

/**
 * What only a cluster can say, on top of the offline checks: a kind it does not serve (a
 * warning when this design or another one defines it), and values against the cluster's schema
 * of the kinds the bundle does not know; and every external reference's kind (external-kinds.ts).
 */
export function clusterChildIssues(design: Design, kinds: ClusterKinds): Issue[] {
  const own = fullGroup(design);
  const served = (apiVersion: string, kind: string) => kinds.served[kindKey(apiVersion, kind)];
  return [
    ...unservedExternalKinds(design, served),
    ...designRenderedIssues(design, {
      names: false,
      served,
      schemaOf: (apiVersion, kind) =>
        isBundledKind(apiVersion, kind) ? undefined : kinds.schemas[kindKey(apiVersion, kind)],
      providedBy: (apiVersion, kind) => {
        const g = splitApiVersion(apiVersion).group;
        if (g === own && kind === design.crd.names.kind) return THIS_DESIGN;
        const other = kinds.providers.find((p) => p.group === g && p.kind === kind);
        return other === undefined ? undefined : `the design "${other.name}"`;
      },
    }),
  ];
}
