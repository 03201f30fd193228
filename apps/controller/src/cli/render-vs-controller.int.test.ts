// `opstudio render` against the embedded controller (issue 32): the Web app example installed on
// the sandbox and reconciled by the controller-manager, one custom resource that brings out every
// kind of child (an Ingress for its host, a PodDisruptionBudget for two replicas, a Service per
// extra port from the forEach collection), and the children `opstudio render` prints for that
// same custom resource (as the API server stored it: its uid, its defaults) compared with the
// children the controller created, field by field: every field render gives must be on the
// cluster with that value (what the API server adds itself, its defaults, is aside), and the
// controller created no child render does not show.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { mismatches, mismatchText } from '@opstudio/shared/design-tests/match';
import { serializeDesign } from '@opstudio/shared/design/io';
import { childResourceOf } from '@opstudio/shared/graph/child-kinds';
import { repoRoot } from '../config';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';

interface Child {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

function render(designFile: string, crFile: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), 'render', designFile, crFile, '-o', 'json'],
      { env: { ...process.env, OPSTUDIO_KUBECONFIG: kubeconfigPath }, cwd: repoRoot, maxBuffer: 16 << 20 },
      (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

const pathOf = (o: Child): string => {
  const { group, resource } = childResourceOf(o.apiVersion, o.kind);
  const version = o.apiVersion.split('/').pop() ?? '';
  const ns = o.metadata.namespace === undefined ? '' : `/namespaces/${o.metadata.namespace}`;
  return `${group === '' ? '/api' : `/apis/${group}`}/${version}${ns}/${resource}/${o.metadata.name}`;
};

test(
  'opstudio render prints the children the embedded controller creates for the same custom resource',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const f = await DesignFixture.open('render-it', t);
    const web = await f.install(exampleDesign('webapp.design.yaml', f.suffix));
    f.startManager('render-it-lease');
    await f.create(web, 'site', {
      host: 'site.example.com',
      replicas: 2,
      greeting: 'hi there',
      env: [{ name: 'MODE', value: 'test' }],
      extraPorts: [
        { name: 'metrics', port: 9090 },
        { name: 'admin', port: 9091 },
      ],
    });
    const cr = await f.get(web, 'site');
    assert.ok(cr, 'the custom resource is stored');

    const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-render-'));
    writeFileSync(path.join(dir, 'design.yaml'), serializeDesign(web.design));
    writeFileSync(path.join(dir, 'cr.json'), JSON.stringify(cr)); // JSON is YAML
    const r = await render(path.join(dir, 'design.yaml'), path.join(dir, 'cr.json'));
    assert.equal(r.code, 0, r.stderr);
    const { children } = JSON.parse(r.stdout) as { children: Record<string, Child[]> };
    const rendered = Object.entries(children).flatMap(([id, objects]) => objects.map((o) => ({ id, o })));
    assert.deepEqual(
      rendered.map(({ id, o }) => `${id} ${o.kind} ${o.metadata.name}`).sort(),
      [
        'config ConfigMap site-config',
        'deployment Deployment site-deployment',
        'ingress Ingress site-ingress',
        'pdb PodDisruptionBudget site-pdb',
        'ports Service site-ports-admin',
        'ports Service site-ports-metrics',
        'service Service site-service',
      ].sort(),
      'render shows every kind of child for this custom resource',
    );

    // every field render gives is on the cluster with the same value (server defaults aside)
    const deadline = Date.now() + 90_000;
    let differences: string[] = [];
    for (;;) {
      differences = [];
      for (const { id, o } of rendered) {
        const live = await f.kube.request({ method: 'GET', path: pathOf(o) }).catch(() => undefined);
        if (live === undefined) differences.push(`${id} ${o.kind} ${o.metadata.name}: not on the cluster`);
        else for (const m of mismatches(o, live, false, `${id}(${o.metadata.name})`)) differences.push(mismatchText(m));
      }
      if (differences.length === 0 || Date.now() > deadline) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    assert.deepEqual(differences, [], 'the controller created exactly what render printed');

    // and nothing else: every object of these kinds in the namespace that the controller labelled as this CR's
    const found = new Set<string>();
    for (const o of rendered.map((x) => x.o)) {
      const collection = pathOf({ ...o, metadata: { ...o.metadata, name: '' } }).replace(/\/$/, '');
      const list = await f.kube.request<{ items: Child[] }>({
        method: 'GET',
        path: collection,
        query: { labelSelector: 'app.kubernetes.io/managed-by=operator-studio,app.kubernetes.io/instance=site' },
      });
      for (const item of list.items) found.add(`${o.kind} ${item.metadata.name}`);
    }
    assert.deepEqual([...found].sort(), rendered.map(({ o }) => `${o.kind} ${o.metadata.name}`).sort());
  },
);
