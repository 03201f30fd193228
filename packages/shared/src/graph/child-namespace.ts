// Where a child lives and how it is owned (docs/design/0039). A template may set
// `metadata.namespace` (a name or `${…}`); without one a namespaced child lives in its custom
// resource's namespace, and a cluster-scoped child in none. Kubernetes decides the ownership: an
// owner reference where the API server and the garbage collector honour one (a cluster-scoped
// custom resource owns anything; a namespaced one only objects of its own namespace); anywhere
// else the owner label and annotation, and the custom resource's finalizer deletes the child.
// A namespaced custom resource's children leave its namespace only for one the design declares
// (`operand.namespaces`) or a Namespace the graph itself creates (observed as this resource's).
import { error, warning, type Issue } from '../validate/issue';
import { builtinChildKind, isNamespacedOffline } from './child-kinds';
import { nameProblem } from './kube-names';
import type { ChildResource, ResourceGraph } from './model';

export const isNamespaceKind = (apiVersion: string, kind: string): boolean =>
  apiVersion === 'v1' && kind === 'Namespace';

/** Where a rendered child goes: its namespace (none when cluster-scoped) and whether it takes an owner reference. */
export type Placement = { namespace: string | undefined; byReference: boolean } | { problem: string };

export interface PlacementInput {
  readonly child: ChildResource;
  /** the rendered `metadata.namespace` (undefined when the template sets none) */
  readonly rendered: unknown;
  /** whether the child's kind is namespaced (discovery, or the offline table) */
  readonly namespaced: boolean;
  /** the custom resource's namespace; undefined for a cluster-scoped custom resource */
  readonly ownerNamespace: string | undefined;
  /** the design's declared namespaces */
  readonly declared: readonly string[];
  /** names of the Namespaces this custom resource's graph created (observed as its children) */
  readonly created: ReadonlySet<string>;
}

export function placeChild(p: PlacementInput): Placement {
  const { child, rendered, ownerNamespace } = p;
  const kind = child.template.kind;
  const given = rendered === undefined || rendered === null || rendered === '' ? undefined : rendered;
  const clusterOwner = ownerNamespace === undefined;
  if (!p.namespaced) {
    if (given !== undefined)
      return {
        problem: `child ${child.id}: a ${kind} is cluster-scoped, so it has no namespace; remove metadata.namespace`,
      };
    return { namespace: undefined, byReference: clusterOwner };
  }
  if (given === undefined) {
    if (clusterOwner)
      return {
        problem: `child ${child.id}: the custom resource is cluster-scoped, so a ${kind} needs metadata.namespace`,
      };
    return { namespace: ownerNamespace, byReference: true };
  }
  if (typeof given !== 'string')
    return { problem: `child ${child.id}: metadata.namespace is ${JSON.stringify(given)}, not a string` };
  const bad = nameProblem(given, 'Namespace', 'dns1123-label');
  if (bad !== undefined) return { problem: `child ${child.id}: metadata.namespace ${bad}` };
  if (clusterOwner || given === ownerNamespace) return { namespace: given, byReference: true };
  if (p.declared.includes(given) || p.created.has(given)) return { namespace: given, byReference: false };
  return { problem: `child ${child.id}: namespace ${JSON.stringify(given)} ${notDeclared(p.declared)}` };
}

const notDeclared = (declared: readonly string[]): string =>
  `is not the custom resource's, nor one the design declares (operand.namespaces: ${declared.length === 0 ? 'none' : declared.join(', ')}), nor a Namespace it creates`;

/**
 * The Namespace child a child lives in, when the template says so by the same string (a name
 * or an expression, `project-${self.metadata.name}` in both): the child is ordered after it and
 * waits for it, as if it read it. (A namespace that reads the Namespace child depends on it anyway.)
 */
export function namespaceChildOf(child: ChildResource, all: readonly ChildResource[]): string | undefined {
  const ns = child.template.metadata?.namespace;
  if (typeof ns !== 'string' || ns === '') return undefined;
  return all.find(
    (c) =>
      c.id !== child.id && isNamespaceKind(c.template.apiVersion, c.template.kind) && c.template.metadata?.name === ns,
  )?.id;
}

/**
 * What is known before install: a namespace on a cluster-scoped kind, a namespaced kind without
 * one under a cluster-scoped custom resource, a fixed namespace a namespaced design does not
 * declare, and declared namespaces on a cluster-scoped design. Paths are the graph's (the design prefixes `operand.`).
 */
export function namespaceIssues(graph: ResourceGraph, scope: 'Namespaced' | 'Cluster'): Issue[] {
  const out: Issue[] = [];
  const declared = graph.namespaces ?? [];
  if (scope === 'Cluster' && declared.length > 0)
    out.push(
      error(
        'namespaces',
        "a cluster-scoped kind's children may live in any namespace their templates name: remove namespaces",
      ),
    );
  graph.resources.forEach((child, i) => {
    const path = `resources[${i}].template.metadata.namespace`;
    const { apiVersion, kind } = child.template;
    const ns = child.template.metadata?.namespace;
    const given = ns === undefined || ns === null || ns === '' ? undefined : ns;
    const known = builtinChildKind(apiVersion, kind) !== undefined;
    if (given !== undefined && typeof given !== 'string') {
      out.push(error(path, 'metadata.namespace is a name, or a ${…} expression that gives one'));
      return;
    }
    if (!isNamespacedOffline(apiVersion, kind)) {
      if (given !== undefined)
        out.push(error(path, `a ${kind} is cluster-scoped, so it has no namespace: remove metadata.namespace`));
      return;
    }
    if (given === undefined) {
      if (scope === 'Cluster')
        out.push(
          (known ? error : warning)(
            path,
            `${known ? `a ${kind}` : `if ${kind} is namespaced, it`} needs metadata.namespace: the custom resource is cluster-scoped, so it has none to lend (write a name, or \${…} such as project-\${self.metadata.name})`,
          ),
        );
      return;
    }
    if (given.includes('${')) return; // checked on each reconcile, when its value is known
    const bad = nameProblem(given, 'Namespace', 'dns1123-label');
    if (bad !== undefined) out.push(error(path, `metadata.namespace ${bad}`));
    else if (
      scope === 'Namespaced' &&
      !declared.includes(given) &&
      namespaceChildOf(child, graph.resources) === undefined
    )
      out.push(
        error(
          path,
          `namespace ${JSON.stringify(given)} is not declared: a namespaced kind's children live in its own namespace, in one listed under operand.namespaces, or in a Namespace the design creates`,
        ),
      );
  });
  return out;
}
