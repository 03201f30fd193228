// The Helm chart (deploy/helm/operator-studio): `helm lint --strict` clean, and every object
// `helm template` renders — for the default values and for ci/oidc-postgres-ingress.yaml (OIDC,
// PostgreSQL from a Secret, Ingress with TLS) — accepted by the sandbox's API server in a
// server-side dry run. The dry run is the real `kubectl apply --dry-run=server` (the sandbox
// builds kubectl beside kube-apiserver): admission, schema validation and RBAC's escalation
// check all run, nothing is stored. Helm is the pinned release built by ensureHelm.
//
// Run: OPSTUDIO_KUBECONFIG=data/sandbox-test/kubeconfig node --import tsx --test apps/controller/src/deploy/helm-chart.int.test.ts
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import type { KubernetesObject, V1Deployment } from '@kubernetes/client-node';
import { binaryPath } from '@opstudio/sandbox';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { helm, renderChart, renderChartText } from '../../testing/helm-chart';

const suffix = Date.now().toString(36);
const namespace = `chart-${suffix}`;
const ciValues = 'ci/oidc-postgres-ingress.yaml';

/** `kubectl apply --dry-run=server` of YAML text; status and output. */
function serverDryRun(yamlText: string): { status: number | null; output: string } {
  const r = spawnSync(
    binaryPath('kubectl'),
    ['--kubeconfig', kubeconfigPath ?? '', 'apply', '--dry-run=server', '--validate=strict', '-f', '-'],
    { input: yamlText, encoding: 'utf8' },
  );
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const env = (d: V1Deployment, container: string) =>
  new Map((d.spec?.template.spec?.containers.find((c) => c.name === container)?.env ?? []).map((e) => [e.name, e]));

describe('the Helm chart', () => {
  test('helm lint --strict is clean for the default values and the CI values file', async () => {
    for (const args of [[], ['--values', ciValues]]) {
      const out = await helm(['lint', '--strict', '.', ...args]);
      assert.match(out, /1 chart\(s\) linted, 0 chart\(s\) failed/);
      assert.doesNotMatch(out, /\[(WARNING|ERROR|INFO)\]/, out);
    }
  });

  test('OIDC + Postgres + Ingress values: the settings reach the controller as env, secrets by reference', async () => {
    const objects = await renderChart({ release: 'studio', namespace, valuesFiles: [ciValues] });
    const deployment = objects.find((o) => o.kind === 'Deployment') as V1Deployment;
    const controller = env(deployment, 'controller');
    assert.deepEqual(controller.get('DATABASE_URL')?.valueFrom?.secretKeyRef, { name: 'studio-db', key: 'url' });
    assert.equal(controller.get('OPSTUDIO_OIDC_ISSUER')?.value, 'https://login.example.com/realms/team');
    assert.ok(
      controller.get('OPSTUDIO_OIDC_CLIENT_SECRET')?.valueFrom?.secretKeyRef,
      'the client secret is by reference',
    );
    assert.equal(controller.get('OPSTUDIO_ALLOWED_HOSTS')?.value, 'studio.example.com,studio.internal.example.com');
    assert.equal(
      env(deployment, 'web').get('OPSTUDIO_ALLOWED_HOSTS')?.value,
      'studio.example.com,studio.internal.example.com',
    );
    // the migrations run first, against the same database
    const migrate = deployment.spec?.template.spec?.initContainers?.find((c) => c.name === 'migrate');
    assert.deepEqual(migrate?.command, ['node', '--import', 'tsx', 'scripts/migrate.ts']);
    assert.deepEqual(
      migrate?.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef,
      controller.get('DATABASE_URL')?.valueFrom?.secretKeyRef,
    );
    for (const c of [
      ...(deployment.spec?.template.spec?.containers ?? []),
      ...(deployment.spec?.template.spec?.initContainers ?? []),
    ]) {
      assert.equal(c.securityContext?.readOnlyRootFilesystem, true, c.name);
      assert.deepEqual(c.securityContext?.capabilities?.drop, ['ALL'], c.name);
    }
    assert.equal(deployment.spec?.template.spec?.securityContext?.runAsNonRoot, true);
    assert.deepEqual(objects.map((o) => o.kind).sort(), [
      'ClusterRole',
      'ClusterRoleBinding',
      'Deployment',
      'Ingress',
      'PodDisruptionBudget',
      'Role',
      'RoleBinding',
      'Secret',
      'Service',
      'ServiceAccount',
    ]);
  });

  describe('server-side dry run against the sandbox', { skip: skipWithoutCluster }, () => {
    const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);
    // a dry run cannot create into a namespace that does not exist
    before(async () => {
      await core().createNamespace({ body: { metadata: { name: namespace } } });
    });
    after(async () => {
      await core()
        .deleteNamespace({ name: namespace })
        .catch(() => undefined);
    });

    for (const [name, valuesFiles] of [
      ['default values', []],
      ['OIDC + Postgres + Ingress values', [ciValues]],
    ] as const) {
      test(`${name}: every rendered object is accepted, nothing is stored`, async () => {
        const text = await renderChartText({ release: `studio-${suffix}`, namespace, valuesFiles });
        const { status, output } = serverDryRun(text);
        assert.equal(status, 0, output);
        const kinds = (await renderChart({ release: 'x', namespace, valuesFiles })).map(
          (o: KubernetesObject) => o.kind,
        );
        // kubectl prints one `<kind>/<name> created (server dry run)` line per object
        assert.equal(output.match(/\(server dry run\)/g)?.length, kinds.length, output);
        const left = await core().listNamespacedServiceAccount({ namespace });
        assert.ok(
          !left.items.some((sa) => sa.metadata?.name?.startsWith(`studio-${suffix}`)),
          'the dry run stored nothing',
        );
      });
    }
  });
});
