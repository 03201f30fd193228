/**
 * The kustomize tree under `config/` as kubebuilder v4.15 lays it out for a cluster-scoped
 * manager: crd (the CRD exactly as the studio previews it), rbac (the ClusterRole from the one
 * marker list, plus the helper roles), manager, default, samples, prometheus, network-policy.
 */
import { generateCrd } from '../crd/generate';
import { generateRbac } from '../manifests/rbac';
import { handOffRbacFiles } from './go-handoff';
import { generateSample } from '../manifests/sample';
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';

const q = (s: string): string => JSON.stringify(s);

export function samplePath(f: ProjectFacts): string {
  return `config/samples/${f.group}_${f.version.name}_${f.lowerKind}.yaml`;
}

export function crdPath(f: ProjectFacts): string {
  return `config/crd/bases/${f.fullGroup}_${f.plural}.yaml`;
}

export function configFiles(f: ProjectFacts): [string, string][] {
  const p = f.projectName;
  const labels = (indent: string): string =>
    `${indent}app.kubernetes.io/name: ${p}\n${indent}app.kubernetes.io/managed-by: kustomize`;
  const cm = (indent: string): string =>
    `${indent}control-plane: controller-manager\n${indent}app.kubernetes.io/name: ${p}`;
  const out: [string, string][] = [];
  const add = (path: string, text: string): void => void out.push([path, text]);

  add(crdPath(f), generateCrd(f.goTypes.expressed));
  add(
    'config/crd/kustomization.yaml',
    `# This kustomization.yaml is not intended to be run by itself,
# since it depends on service name and namespace that are out of this kustomize package.
# It should be run by config/default
resources:
- ${crdPath(f).slice('config/crd/'.length)}
# +kubebuilder:scaffold:crdkustomizeresource

patches:
# [WEBHOOK] To enable webhook, uncomment all the sections with [WEBHOOK] prefix.
# patches here are for enabling the conversion webhook for each CRD
# +kubebuilder:scaffold:crdkustomizewebhookpatch

# [WEBHOOK] To enable webhook, uncomment the following section
# the following config is for teaching kustomize how to do kustomization for CRDs.
#configurations:
#- kustomizeconfig.yaml
`,
  );
  add(
    'config/crd/kustomizeconfig.yaml',
    `# This file is for teaching kustomize how to substitute name and namespace reference in CRD
nameReference:
- kind: Service
  version: v1
  fieldSpecs:
  - kind: CustomResourceDefinition
    version: v1
    group: apiextensions.k8s.io
    path: spec/conversion/webhook/clientConfig/service/name

varReference:
- path: metadata/annotations
`,
  );

  add('config/rbac/role.yaml', generateRbac(f.design));
  for (const [path, text] of handOffRbacFiles(f, labels('    '))) add(path, text);
  const roleFiles = ['admin', 'editor', 'viewer'].map((r) => `${f.lowerKind}_${r}_role.yaml`);
  add(
    'config/rbac/kustomization.yaml',
    `resources:
# All RBAC will be applied under this service account in
# the deployment namespace. You may comment out this resource
# if your manager will use a service account that exists at
# runtime. Be sure to update RoleBinding and ClusterRoleBinding
# subjects if changing service account names.
- service_account.yaml
- role.yaml
- role_binding.yaml
- leader_election_role.yaml
- leader_election_role_binding.yaml
# The hand-off Lease shared with Operator Studio (internal/handoff).
- studio_handoff_role.yaml
- studio_handoff_role_binding.yaml
# The following RBAC configurations are used to protect
# the metrics endpoint with authn/authz. These configurations
# ensure that only authorized users and service accounts
# can access the metrics endpoint. Comment the following
# permissions if you want to disable this protection.
# More info: https://book.kubebuilder.io/reference/metrics.html
- metrics_auth_role.yaml
- metrics_auth_role_binding.yaml
- metrics_reader_role.yaml
# For each CRD, "Admin", "Editor" and "Viewer" roles are scaffolded by
# default, aiding admins in cluster management. Those roles are
# not used by the ${p} itself. You can comment the following lines
# if you do not want those helpers be installed with your Project.
${roleFiles.map((r) => `- ${r}`).join('\n')}
`,
  );
  add(
    'config/rbac/role_binding.yaml',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  labels:
${labels('    ')}
  name: manager-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: manager-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
  );
  add(
    'config/rbac/service_account.yaml',
    `apiVersion: v1
kind: ServiceAccount
metadata:
  labels:
${labels('    ')}
  name: controller-manager
  namespace: system
`,
  );
  add(
    'config/rbac/leader_election_role.yaml',
    `# permissions to do leader election.
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  labels:
${labels('    ')}
  name: leader-election-role
rules:
- apiGroups:
  - ""
  resources:
  - configmaps
  verbs:
  - get
  - list
  - watch
  - create
  - update
  - patch
  - delete
- apiGroups:
  - coordination.k8s.io
  resources:
  - leases
  verbs:
  - get
  - list
  - watch
  - create
  - update
  - patch
  - delete
- apiGroups:
  - ""
  resources:
  - events
  verbs:
  - create
  - patch
`,
  );
  add(
    'config/rbac/leader_election_role_binding.yaml',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  labels:
${labels('    ')}
  name: leader-election-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: leader-election-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
  );
  add(
    'config/rbac/metrics_auth_role.yaml',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: metrics-auth-role
rules:
- apiGroups:
  - authentication.k8s.io
  resources:
  - tokenreviews
  verbs:
  - create
- apiGroups:
  - authorization.k8s.io
  resources:
  - subjectaccessreviews
  verbs:
  - create
`,
  );
  add(
    'config/rbac/metrics_auth_role_binding.yaml',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: metrics-auth-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: metrics-auth-role
subjects:
- kind: ServiceAccount
  name: controller-manager
  namespace: system
`,
  );
  add(
    'config/rbac/metrics_reader_role.yaml',
    `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: metrics-reader
rules:
- nonResourceURLs:
  - "/metrics"
  verbs:
  - get
`,
  );
  const helperRole = (
    role: string,
    intro: string,
    verbs: string[],
  ): string => `# This rule is not used by the project ${p} itself.
# It is provided to allow the cluster admin to help manage permissions for users.
#
${intro}

apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  labels:
${labels('    ')}
  name: ${f.lowerKind}-${role}-role
rules:
- apiGroups:
  - ${f.fullGroup}
  resources:
  - ${f.plural}
  verbs:
${verbs.map((v) => `  - ${v}`).join('\n')}
- apiGroups:
  - ${f.fullGroup}
  resources:
  - ${f.plural}/status
  verbs:
  - get
`;
  add(
    `config/rbac/${roleFiles[0]}`,
    helperRole(
      'admin',
      `# Grants full permissions ('*') over ${f.fullGroup}.
# This role is intended for users authorized to modify roles and bindings within the cluster,
# enabling them to delegate specific permissions to other users or groups as needed.`,
      ["'*'"],
    ),
  );
  add(
    `config/rbac/${roleFiles[1]}`,
    helperRole(
      'editor',
      `# Grants permissions to create, update, and delete resources within the ${f.fullGroup}.
# This role is intended for users who need to manage these resources
# but should not control RBAC or manage permissions for others.`,
      ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    ),
  );
  add(
    `config/rbac/${roleFiles[2]}`,
    helperRole(
      'viewer',
      `# Grants read-only access to ${f.fullGroup} resources.
# This role is intended for users who need visibility into these resources
# without permissions to modify them. It is ideal for monitoring purposes and limited-access viewing.`,
      ['get', 'list', 'watch'],
    ),
  );

  const n = goNames(f);
  add(
    'config/manager/kustomization.yaml',
    `resources:
- manager.yaml
`,
  );
  add(
    'config/manager/manager.yaml',
    `apiVersion: v1
kind: Namespace
metadata:
  labels:
${cm('    ')}
    app.kubernetes.io/managed-by: kustomize
  name: system
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
  labels:
${cm('    ')}
    app.kubernetes.io/managed-by: kustomize
spec:
  selector:
    matchLabels:
${cm('      ')}
  replicas: 1
  template:
    metadata:
      annotations:
        kubectl.kubernetes.io/default-container: manager
      labels:
${cm('        ')}
    spec:
      securityContext:
        # Projects are configured by default to adhere to the "restricted" Pod Security Standards.
        # This ensures that deployments meet the highest security requirements for Kubernetes.
        # For more details, see: https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted
        runAsNonRoot: true
        seccompProfile:
          type: RuntimeDefault
      containers:
      - command:
        - /manager
        args:
          - --leader-elect
          - --health-probe-bind-address=:8081
        image: controller:latest
        name: manager
${
  f.operand
    ? `        env:
        - name: ${n.imageEnv}
          value: ${q(f.operand.image)}
`
    : ''
}        ports:
        - containerPort: 8081
          name: health
          protocol: TCP
        securityContext:
          readOnlyRootFilesystem: true
          allowPrivilegeEscalation: false
          capabilities:
            drop:
            - "ALL"
        livenessProbe:
          httpGet:
            path: /healthz
            port: 8081
          initialDelaySeconds: 15
          periodSeconds: 20
        readinessProbe:
          httpGet:
            path: /readyz
            port: 8081
          initialDelaySeconds: 5
          periodSeconds: 10
        # TODO(user): Configure the resources accordingly based on the project requirements.
        # More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/
        resources:
          limits:
            cpu: 500m
            memory: 128Mi
          requests:
            cpu: 10m
            memory: 64Mi
        volumeMounts: []
      volumes: []
      serviceAccountName: controller-manager
      terminationGracePeriodSeconds: 10
`,
  );

  add(
    'config/default/kustomization.yaml',
    `# Adds namespace to all resources.
namespace: ${p}-system

# Value of this field is prepended to the
# names of all resources, e.g. a deployment named
# "wordpress" becomes "alices-wordpress".
# Note that it should also match with the prefix (text before '-') of the namespace
# field above.
namePrefix: ${p}-

# Labels to add to all resources and selectors.
#labels:
#- includeSelectors: true
#  pairs:
#    someName: someValue

resources:
- ../crd
- ../rbac
- ../manager
# [PROMETHEUS] To enable prometheus monitor, uncomment all sections with 'PROMETHEUS'.
#- ../prometheus
# [METRICS] Expose the controller manager metrics service.
- metrics_service.yaml
# [NETWORK POLICY] Protect the /metrics endpoint with NetworkPolicy.
# Only Pod(s) running a namespace labeled with 'metrics: enabled' will be able to gather the metrics.
#- ../network-policy

# Uncomment the patches line if you enable Metrics
patches:
# [METRICS] The following patch will enable the metrics endpoint using HTTPS and the port :8443.
# More info: https://book.kubebuilder.io/reference/metrics
- path: manager_metrics_patch.yaml
  target:
    kind: Deployment
`,
  );
  add(
    'config/default/metrics_service.yaml',
    `apiVersion: v1
kind: Service
metadata:
  labels:
${cm('    ')}
    app.kubernetes.io/managed-by: kustomize
  name: controller-manager-metrics-service
  namespace: system
spec:
  ports:
  - name: https
    port: 8443
    protocol: TCP
    targetPort: 8443
  selector:
${cm('    ')}
`,
  );
  add(
    'config/default/manager_metrics_patch.yaml',
    `# This patch adds the args to allow exposing the metrics endpoint using HTTPS
- op: add
  path: /spec/template/spec/containers/0/args/0
  value: --metrics-bind-address=:8443
`,
  );

  add(samplePath(f), generateSample(f.design));
  add(
    'config/samples/kustomization.yaml',
    `## Append samples of your project ##
resources:
- ${samplePath(f).slice('config/samples/'.length)}
# +kubebuilder:scaffold:manifestskustomizesamples
`,
  );

  add(
    'config/prometheus/kustomization.yaml',
    `resources:
- monitor.yaml
`,
  );
  add(
    'config/prometheus/monitor.yaml',
    `# Prometheus Monitor Service (Metrics)
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  labels:
${cm('    ')}
    app.kubernetes.io/managed-by: kustomize
  name: controller-manager-metrics-monitor
  namespace: system
spec:
  endpoints:
    - path: /metrics
      port: https # Ensure this is the name of the port that exposes HTTPS metrics
      scheme: https
      bearerTokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token
      tlsConfig:
        # TODO(user): The option insecureSkipVerify: true is not recommended for production since it disables
        # certificate verification, exposing the system to potential man-in-the-middle attacks.
        insecureSkipVerify: true
  selector:
    matchLabels:
${cm('      ')}
`,
  );
  add(
    'config/network-policy/kustomization.yaml',
    `resources:
- allow-metrics-traffic.yaml
`,
  );
  add(
    'config/network-policy/allow-metrics-traffic.yaml',
    `# This NetworkPolicy allows ingress traffic
# with Pods running on namespaces labeled with 'metrics: enabled'. Only Pods on those
# namespaces are able to gather data from the metrics endpoint.
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  labels:
${labels('    ')}
  name: allow-metrics-traffic
  namespace: system
spec:
  podSelector:
    matchLabels:
${cm('      ')}
  policyTypes:
    - Ingress
  ingress:
    # This allows ingress traffic from any namespace with the label metrics: enabled
    - from:
      - namespaceSelector:
          matchLabels:
            metrics: enabled  # Only from namespaces with this label
      ports:
        - port: 8443
          protocol: TCP
`,
  );
  return out;
}
