// The roles a design's binding children name, and so what its identity may `bind`
// (docs/design/0037). Kubernetes lets an identity create a RoleBinding or ClusterRoleBinding only
// when it holds every rule of the role it binds, or `bind` on that role by name (RBAC's
// escalation check). The studio grants `bind`:
//   - for a RoleBinding child: on the Role or ClusterRole its `roleRef.name` names, which must be
//     a fixed name (a name from the custom resource would let its author pick any role);
//   - for a ClusterRoleBinding child: never. Such a binding reaches every namespace, and its
//     subjects usually come from the custom resource: with `bind`, anyone who may create the custom
//     resource could bind themselves to, say, cluster-admin. Without it, the design's identity binds
//     only a ClusterRole whose every rule it holds itself, which the installer granted knowingly.
import { isDns1123Subdomain } from '../kube/names';
import { error, warning, type Issue } from '../validate/issue';
import { childPath } from './expressions';
import type { ResourceGraph } from './model';

const RBAC_V1 = 'rbac.authorization.k8s.io/v1';

export interface BoundRole {
  readonly kind: 'Role' | 'ClusterRole';
  readonly name: string;
}

export interface Bindings {
  /** Each role once, in the design's order. */
  readonly roles: readonly BoundRole[];
  readonly issues: readonly Issue[];
}

export function bindingsOf(graph: Pick<ResourceGraph, 'resources'>): Bindings {
  const roles: BoundRole[] = [];
  const issues: Issue[] = [];
  graph.resources.forEach((child, i) => {
    const { apiVersion, kind } = child.template;
    if (apiVersion !== RBAC_V1) return;
    const at = childPath(childPath('resources', i), 'template');
    if (kind === 'ClusterRoleBinding') {
      issues.push(
        warning(
          childPath(at, 'roleRef'),
          "the design's identity is granted no bind for a ClusterRoleBinding: it can bind only a ClusterRole whose every rule it holds itself (Kubernetes refuses the rest), so a custom resource cannot bind its author cluster-wide",
        ),
      );
      return;
    }
    if (kind !== 'RoleBinding') return;
    const ref = child.template.roleRef;
    const refKind = isObject(ref) ? ref.kind : undefined;
    const name = isObject(ref) ? ref.name : undefined;
    if (refKind !== 'Role' && refKind !== 'ClusterRole') {
      issues.push(error(childPath(childPath(at, 'roleRef'), 'kind'), 'roleRef.kind is Role or ClusterRole'));
      return;
    }
    // a DNS subdomain: what a marker's resourceNames and a Role's name both carry as it is
    if (typeof name !== 'string' || !isDns1123Subdomain(name)) {
      issues.push(
        error(
          childPath(childPath(at, 'roleRef'), 'name'),
          `roleRef.name must be a fixed role name such as admin or ${child.id}-reader (lower-case letters, digits, '-' and '.'): the design's identity may bind exactly the roles its bindings name, and a name from the custom resource would let its author pick any role`,
        ),
      );
      return;
    }
    if (!roles.some((r) => r.kind === refKind && r.name === name)) roles.push({ kind: refKind, name });
  });
  return { roles, issues };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
