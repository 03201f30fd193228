// What "Add resource" puts into a new child of each built-in kind: a template that works as it
// is (the API server accepts it and the planner renders it for any custom resource), labelled
// with the custom resource's name and wired to the children already there where a kind points
// at another (a Service selects the workload's pods, an Ingress routes to the Service, a
// RoleBinding binds the Role to the ServiceAccount). Pure data plus a little wiring.
import type { JSONValue } from '../crd/types';
import { BUILTIN_CHILD_KINDS } from './child-kinds';
import { RESERVED_CHILD_IDS } from './model';
import type { ChildResource, KubeObject } from './model';

type Obj = { [key: string]: JSONValue };

/** What a starter may point at: the ids of the children already there, by what they are. */
interface Wiring {
  podLabels: Obj;
  workload: { id: string; apiVersion: string; kind: string } | undefined;
  service: string | undefined;
  role: string | undefined;
  account: string | undefined;
}

const name = (id: string | undefined, fallback: string): string =>
  id === undefined ? fallback : `\${${id}.metadata.name}`;

const workloadSpec = (w: Wiring, extra: Obj = {}): Obj => ({
  selector: { matchLabels: w.podLabels },
  template: {
    metadata: { labels: w.podLabels },
    spec: { containers: [{ name: 'main', image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 8080 }] }] },
  },
  ...extra,
});

const STARTERS: Record<string, { id: string; body: (w: Wiring) => Obj }> = {
  Deployment: { id: 'deployment', body: (w) => ({ spec: workloadSpec(w, { replicas: 1 }) }) },
  StatefulSet: {
    id: 'statefulset',
    body: (w) => ({ spec: workloadSpec(w, { replicas: 1, serviceName: name(w.service, '${self.metadata.name}') }) }),
  },
  DaemonSet: { id: 'daemonset', body: (w) => ({ spec: workloadSpec(w) }) },
  Service: {
    id: 'service',
    body: (w) => ({ spec: { selector: w.podLabels, ports: [{ name: 'http', port: 80, targetPort: 'http' }] } }),
  },
  ConfigMap: { id: 'config', body: () => ({ data: { OWNER: '${self.metadata.name}' } }) },
  Secret: { id: 'secret', body: () => ({ type: 'Opaque', stringData: { OWNER: '${self.metadata.name}' } }) },
  ServiceAccount: { id: 'account', body: () => ({}) },
  PersistentVolumeClaim: {
    id: 'data',
    body: () => ({ spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }),
  },
  ResourceQuota: {
    id: 'quota',
    body: () => ({ spec: { hard: { 'requests.cpu': '2', 'requests.memory': '4Gi', pods: '20' } } }),
  },
  LimitRange: {
    id: 'limits',
    body: () => ({
      spec: {
        limits: [
          {
            type: 'Container',
            default: { cpu: '500m', memory: '512Mi' },
            defaultRequest: { cpu: '100m', memory: '128Mi' },
          },
        ],
      },
    }),
  },
  Role: {
    id: 'role',
    body: () => ({ rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }] }),
  },
  RoleBinding: {
    id: 'binding',
    body: (w) => ({
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: name(w.role, '${self.metadata.name}') },
      subjects: [{ kind: 'ServiceAccount', name: name(w.account, 'default') }],
    }),
  },
  // a cluster-scoped kind has no spec either (the API server refuses one): rules and a binding
  ClusterRole: {
    id: 'clusterrole',
    body: () => ({ rules: [{ apiGroups: [''], resources: ['namespaces'], verbs: ['get', 'list', 'watch'] }] }),
  },
  ClusterRoleBinding: {
    id: 'clusterbinding',
    body: (w) => ({
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [
        {
          kind: 'ServiceAccount',
          name: name(w.account, 'default'),
          namespace: "${self.metadata.?namespace.orValue('default')}",
        },
      ],
    }),
  },
  PodDisruptionBudget: {
    id: 'pdb',
    body: (w) => ({ spec: { minAvailable: 1, selector: { matchLabels: w.podLabels } } }),
  },
  Ingress: {
    id: 'ingress',
    body: (w) => ({
      spec: {
        rules: [
          {
            http: {
              paths: [
                {
                  path: '/',
                  pathType: 'Prefix',
                  backend: { service: { name: name(w.service, '${self.metadata.name}'), port: { number: 80 } } },
                },
              ],
            },
          },
        ],
      },
    }),
  },
  NetworkPolicy: {
    id: 'netpol',
    body: (w) => ({
      spec: {
        podSelector: { matchLabels: w.podLabels },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: {} }] }],
      },
    }),
  },
  Job: { id: 'job', body: () => ({ spec: { backoffLimit: 3, template: { spec: jobPod } } }) },
  CronJob: {
    id: 'cronjob',
    body: () => ({ spec: { schedule: '0 * * * *', jobTemplate: { spec: { template: { spec: jobPod } } } } }),
  },
  HorizontalPodAutoscaler: {
    id: 'hpa',
    body: (w) => ({
      spec: {
        scaleTargetRef: {
          apiVersion: w.workload?.apiVersion ?? 'apps/v1',
          kind: w.workload?.kind ?? 'Deployment',
          name: name(w.workload?.id, '${self.metadata.name}'),
        },
        minReplicas: 1,
        maxReplicas: 5,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
        ],
      },
    }),
  },
};

const jobPod: Obj = {
  restartPolicy: 'Never',
  containers: [{ name: 'main', image: 'busybox:1.36', command: ['sh', '-c', 'echo hello from ${self.metadata.name}'] }],
};

const DEFAULT_POD_LABELS: Obj = {
  'app.kubernetes.io/name': 'app',
  'app.kubernetes.io/instance': '${self.metadata.name}',
};
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

function wiring(existing: readonly ChildResource[]): Wiring {
  const first = (kind: string) => existing.find((c) => c.template.kind === kind)?.id;
  const workload = existing.find((c) => WORKLOADS.has(c.template.kind));
  const spec = workload?.template.spec as Obj | undefined;
  const labels = (spec?.selector as Obj | undefined)?.matchLabels;
  return {
    podLabels: labels !== null && typeof labels === 'object' && !Array.isArray(labels) ? labels : DEFAULT_POD_LABELS,
    workload: workload && { id: workload.id, apiVersion: workload.template.apiVersion, kind: workload.template.kind },
    service: first('Service'),
    role: first('Role'),
    account: first('ServiceAccount'),
  };
}

/** `base`, or `base2`, `base3`… whichever no child has yet. */
export function freeChildId(base: string, existing: readonly ChildResource[]): string {
  const taken = new Set(existing.map((c) => c.id));
  const clean =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[^a-z]+/, '') || 'child';
  const start = RESERVED_CHILD_IDS.has(clean) ? `${clean}1` : clean;
  if (!taken.has(start)) return start;
  for (let n = 2; ; n++) if (!taken.has(`${start}${n}`)) return `${start}${n}`;
}

/** A new child of a built-in kind (`apps/v1`, `Deployment`) or of any custom resource kind. */
export function starterChild(apiVersion: string, kind: string, existing: readonly ChildResource[]): ChildResource {
  const builtin = BUILTIN_CHILD_KINDS.some(
    (k) => k.kind === kind && (k.group === '' ? k.version : `${k.group}/${k.version}`) === apiVersion,
  );
  const starter = builtin ? STARTERS[kind] : undefined;
  const template: KubeObject = { apiVersion, kind, ...(starter?.body(wiring(existing)) ?? { spec: {} }) };
  return { id: freeChildId(starter?.id ?? kind, existing), template: template as ChildResource['template'] };
}
