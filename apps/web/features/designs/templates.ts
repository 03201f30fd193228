// The "New design" templates are the repository's own examples (examples/*.design.yaml), read
// on the server when the page is built, so the app ships exactly what the CLI and tests use.
import { readFile, access } from 'node:fs/promises';
import path from 'node:path';

export interface Template {
  readonly id: 'memcached' | 'webapp' | 'redis' | 'replicated-store' | 'app-config' | 'project' | 'kitchen-sink';
  readonly label: string;
  readonly description: string;
  readonly yaml: string;
}

const FILES: readonly Omit<Template, 'yaml'>[] = [
  {
    id: 'memcached',
    label: 'Memcached',
    description: 'The operator-sdk tutorial: spec.size, containerPort, conditions, a memcached Deployment.',
  },
  {
    id: 'webapp',
    label: 'Web app',
    description:
      'A Deployment, its Service and ConfigMap; an Ingress when spec.host is set, a PodDisruptionBudget above one replica, a Service per extra port (a collection).',
  },
  {
    id: 'redis',
    label: 'Redis',
    description: 'A StatefulSet with its headless Service and a ConfigMap of its config; status from the StatefulSet.',
  },
  {
    id: 'replicated-store',
    label: 'Replicated store',
    description:
      'An etcd-style quorum: peer and client Services, the peer list built with lists.range, a StatefulSet with volumes, a PodDisruptionBudget above one replica, a backup CronJob and a BackupScheduled condition.',
  },
  {
    id: 'app-config',
    label: 'App config',
    description:
      'Reads what it does not own: a ConfigMap of defaults by name and the fragments a label selector matches (external references), rendered into one ConfigMap.',
  },
  {
    id: 'project',
    label: 'Project',
    description:
      'A cluster-scoped platform kind: a Namespace with its ResourceQuota (from spec.quota or a ConfigMap of defaults), a LimitRange, a RoleBinding per member (a collection) and, while isolated, a NetworkPolicy.',
  },
  { id: 'kitchen-sink', label: 'Kitchen sink', description: 'Every option of the design model, for exploring.' },
];

async function examplesDir(): Promise<string> {
  // `next build` runs in apps/web; walk up to the repository root
  for (let dir = process.cwd(), i = 0; i < 5; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'examples');
    try {
      await access(path.join(candidate, 'memcached.design.yaml'));
      return candidate;
    } catch {
      // keep walking up
    }
  }
  throw new Error(
    `cannot find examples/memcached.design.yaml above ${process.cwd()}: build the web app inside the repository`,
  );
}

export async function loadTemplates(): Promise<Template[]> {
  const dir = await examplesDir();
  return Promise.all(
    FILES.map(async (t) => ({ ...t, yaml: await readFile(path.join(dir, `${t.id}.design.yaml`), 'utf8') })),
  );
}
