// The design's rendered sample children checked (graph/rendered-checks.ts), at design paths
// (`operand.resources[1].template.spec.replicas`). Offline (validateDesign: the designer's
// worker, `opstudio validate`, the install's own validation) the bundled schemas of the built-in
// kinds are the schemas and nothing is said about what a cluster serves; with a cluster, its
// discovery and OpenAPI v3 add the rest (`clusterChildIssues`).
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import { designGraphPreview } from '../designer/graph-preview';
import { fullGroup } from '../design/names';
import { bundledKindSchema, isBundledKind, renderedChildIssues, type RenderedChecks } from '../graph/rendered-checks';
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

/** The (apiVersion, kind) of every child, once each. */
export function childKinds(design: Design): { apiVersion: string; kind: string }[] {
  const seen = new Map<string, { apiVersion: string; kind: string }>();
  for (const { template } of design.operand?.resources ?? [])
    seen.set(`${template.apiVersion}/${template.kind}`, { apiVersion: template.apiVersion, kind: template.kind });
  return [...seen.values()];
}

/** The kinds a design's own CRD serves once installed: `group/version` and kind. */
export function designKinds(design: Design): { apiVersion: string; kind: string }[] {
  return design.crd.versions.map((v) => ({
    apiVersion: `${fullGroup(design)}/${v.name}`,
    kind: design.crd.names.kind,
  }));
}

export interface ClusterAnswers {
  /** whether the cluster serves the kind (discovery); undefined when it did not say */
  readonly served: (apiVersion: string, kind: string) => boolean | undefined;
  /** the cluster's schema of a kind the bundle does not know (a custom resource), when it has one */
  readonly schemaOf: (apiVersion: string, kind: string) => ReturnType<RenderedChecks['schemaOf']>;
  /** other designs the studio knows, for "a design defines it" */
  readonly otherDesigns?: readonly { readonly name: string; readonly design: Design }[];
}

/**
 * What only a cluster can say, on top of the offline checks: a kind it does not serve (a
 * warning when this design or another one defines it), and values against the cluster's schema
 * of the kinds the bundle does not know. The offline findings are not repeated.
 */
export function clusterChildIssues(design: Design, answers: ClusterAnswers): Issue[] {
  const provides = (d: Design, apiVersion: string, kind: string) =>
    designKinds(d).some((k) => k.apiVersion === apiVersion && k.kind === kind);
  return designRenderedIssues(design, {
    names: false,
    served: answers.served,
    schemaOf: (apiVersion, kind) => (isBundledKind(apiVersion, kind) ? undefined : answers.schemaOf(apiVersion, kind)),
    providedBy: (apiVersion, kind) => {
      if (provides(design, apiVersion, kind)) return 'this design';
      const other = answers.otherDesigns?.find((o) => provides(o.design, apiVersion, kind));
      return other === undefined ? undefined : `the design "${other.name}"`;
    },
  });
}
