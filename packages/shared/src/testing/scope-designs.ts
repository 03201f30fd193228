/**
 * Test fixtures for issue 29, part 1 (docs/design/0039): designs whose children live outside the
 * custom resource's namespace. `tenantDesign`: a namespaced Tenant with a cluster-scoped ClusterRole (while spec.reader),
 * a Namespace of its own with a ConfigMap inside it, a ConfigMap in a declared namespace and one at
 * home. `spaceDesign`: a cluster-scoped Space with a Namespace and a LimitRange and ConfigMap inside
 * it, and a ClusterRole. Names of cluster-wide children carry the custom resource's namespace (or,
 * for a Space, its name) so that two installs side by side never share one.
 */
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';

const head = (
  kind: string,
  plural: string,
  scope: 'Namespaced' | 'Cluster',
  group: string,
) => `apiVersion: studio.opstudio.dev/v1alpha1
kind: OperatorDesign
project:
  domain: example.com
  repo: github.com/example/${plural}-operator
  projectName: ${plural}-operator
crd:
  group: ${group}
  names:
    kind: ${kind}
    plural: ${plural}
    singular: ${kind.toLowerCase()}
    listKind: ${kind}List
  scope: ${scope}
  versions:
  - name: v1alpha1
    served: true
    storage: true
    subresources:
      status: true
    schema:
      type: object
      fields:
      - name: spec
        type: object
        fields:
        - name: greeting
          type: string
          default: hello
        - name: reader
          type: boolean
          default: true
      - name: status
        type: object
        fields:
        - name: conditions
          preset: conditions
        - name: observedGeneration
          type: integer
          format: int64
        - name: namespace
          type: string
`;

const READER = `      rules:
      - apiGroups: [""]
        resources: [configmaps]
        verbs: [get]`;

function parsed(text: string): Design {
  const r = parseDesign(text);
  if (!r.ok) throw new Error(`a scope fixture does not parse: ${r.errors[0]?.message ?? ''}`);
  return r.design;
}

/** A namespaced Tenant; `shared` is the namespace it declares for its `shared` ConfigMap. */
export function tenantDesign(shared: string, group = 'platform'): Design {
  return parsed(`${head('Tenant', 'tenants', 'Namespaced', group)}operand:
  namespaces:
  - ${shared}
  resources:
  - id: home
    template:
      apiVersion: v1
      kind: ConfigMap
      data:
        greeting: \${self.spec.greeting}
  - id: reader
    includeWhen: self.spec.reader
    template:
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: \${self.metadata.namespace + '-' + self.metadata.name + '-reader'}
${READER}
  - id: space
    template:
      apiVersion: v1
      kind: Namespace
      metadata:
        name: \${self.metadata.namespace}-\${self.metadata.name}
  - id: inside
    template:
      apiVersion: v1
      kind: ConfigMap
      metadata:
        namespace: \${self.metadata.namespace}-\${self.metadata.name}
      data:
        greeting: \${self.spec.greeting}
  - id: shared
    template:
      apiVersion: v1
      kind: ConfigMap
      metadata:
        namespace: ${shared}
        name: \${self.metadata.namespace + '-' + self.metadata.name}
      data:
        from: \${self.metadata.namespace}
  status:
    namespace: \${space.metadata.name}
`);
}

/** A cluster-scoped Space: everything it makes is owned by reference, each namespaced child names its namespace. */
export function spaceDesign(group = 'platform'): Design {
  return parsed(`${head('Space', 'spaces', 'Cluster', group)}operand:
  resources:
  - id: ns
    template:
      apiVersion: v1
      kind: Namespace
      metadata:
        name: space-\${self.metadata.name}
  - id: limits
    template:
      apiVersion: v1
      kind: LimitRange
      metadata:
        namespace: \${ns.metadata.name}
      spec:
        limits:
        - type: Container
          default:
            cpu: 200m
  - id: config
    template:
      apiVersion: v1
      kind: ConfigMap
      metadata:
        namespace: space-\${self.metadata.name}
      data:
        greeting: \${self.spec.greeting}
  - id: reader
    template:
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: space-\${self.metadata.name}-reader
${READER}
  status:
    namespace: \${ns.metadata.name}
`);
}
