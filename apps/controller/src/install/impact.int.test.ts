// Issue 31's acceptance for the impact before install, on the sandbox: the Web app example
// installed, 200 WebApps (2 with port 80, every 10th with a host), and a draft that changes the
// image, raises spec.port's minimum to 1024 and removes the Ingress child. The impact lists those
// 2 as refused, 198 with a changed Deployment and the 19 Ingresses that would go; every changed
// Deployment passes a server-side dry run as the design's identity; nothing in the cluster
// changed (same resourceVersions, no child created); `opstudio plan -o json` gives the same figures.
// The WebApps are not reconciled (no controller-manager runs): the impact renders children from
// the designs, not from the cluster.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import { webappDraft, webapps } from '@opstudio/shared/impact/webapp-draft';
import { planCommand } from '../cli/plan-command';
import { repoRoot } from '../config';
import { openDb } from '../db';
import { DesignStore } from '../designs';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { LiveBus } from '../live/bus';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { capturedIo } from '../../testing/cli';
import { CrdService } from './service';

const N = 200;

test(
  'the impact of a draft on 200 live WebApps: 2 refused, 198 changed Deployments, 19 Ingresses deleted, nothing written',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async () => {
    await loadCel();
    const suffix = Date.now().toString(36);
    const domain = `i${suffix}.example.com`;
    const ns = `impact-${suffix}`;
    const text = readFileSync(path.join(repoRoot, 'examples/webapp.design.yaml'), 'utf8').replace(
      'domain: example.com',
      `domain: ${domain}`,
    );
    const parsed = parseDesign(text);
    assert.ok(parsed.ok);
    const databaseUrl = migratedTempDb();
    const db = openDb(databaseUrl);
    const kc = loadKubeConfig(kubeconfigPath).kc;
    const kube = new KubeJson(kc);
    const designs = new DesignStore(db);
    const crds = new CrdService(kc, designs, new LiveBus());
    const group = `web.${domain}`;
    const crdName = `webapps.${group}`;
    after(async () => {
      await kube.request({ method: 'DELETE', path: `/api/v1/namespaces/${ns}` }).catch(() => undefined);
      await kube
        .request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}` })
        .catch(() => undefined);
      await db.$disconnect();
    });

    // the Web app example installed (version 1), 200 WebApps in a fresh namespace
    const saved = await designs.saveByName(crdName, text);
    await crds.install({ designId: saved.id, version: saved.version, confirmPermissions: true });
    await kube.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
    const objects = webapps(N, { lowPorts: 2, hostEvery: 10, namespace: ns, apiVersion: `${group}/v1alpha1` });
    const base = `/apis/${group}/v1alpha1/namespaces/${ns}/webapps`;
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < objects.length) {
          const o = objects[next++]!;
          const meta = o.metadata as { name: string; namespace: string };
          await kube.request({
            method: 'POST',
            path: base,
            body: { ...o, metadata: { name: meta.name, namespace: meta.namespace } },
          });
        }
      }),
    );
    console.log(`created ${N} WebApps in ${Date.now() - started} ms`);
    const versions = async () => {
      const list = await kube.request<{ items: { metadata: { name: string; resourceVersion: string } }[] }>({
        method: 'GET',
        path: base,
      });
      return new Map(list.items.map((i) => [i.metadata.name, i.metadata.resourceVersion]));
    };
    const before = await versions();
    assert.equal(before.size, N);

    // the draft, saved as version 2 (not installed)
    const draft = webappDraft(parsed.design);
    const v2 = await designs.save({ id: saved.id, name: crdName, yaml: serializeDesign(draft) });
    const t0 = Date.now();
    const page = await crds.impact({ designId: saved.id, version: v2.version, limit: 500 }, () => Promise.resolve());
    console.log(`planned the impact on ${N} resources (with the dry runs) in ${Date.now() - t0} ms`);
    const r = page.report;
    assert.deepEqual(page.installed, { designId: saved.id, designVersion: 1 });
    assert.deepEqual(page.counts, { refused: 2, changed: N - 2, unchanged: 0 });
    assert.deepEqual(
      r.refused.map((x) => [x.name, x.refused?.when, x.refused?.fields.map((f) => f.field)]),
      [
        ['web-000', 'when-changed', ['spec.port']],
        ['web-001', 'when-changed', ['spec.port']],
      ],
    );
    for (const x of r.changed) {
      const dep = x.children.find((c) => c.kind === 'Deployment');
      assert.equal(dep?.change, 'changed', x.name);
      assert.deepEqual(
        dep.fields.map((f) => f.path),
        ['spec.template.spec.containers[0].image'],
      );
    }
    const ingresses = r.changed.flatMap((x) => x.children.filter((c) => c.kind === 'Ingress'));
    assert.equal(ingresses.length, 19);
    assert.ok(ingresses.every((c) => c.change === 'deleted'));
    assert.equal(
      r.summary,
      '200 resources: 179 change 1 child (Deployment image), 19 change 2 children (Deployment image; Ingress deleted), ' +
        '2 would be refused when re-created or when spec.port changes (spec.port: should be greater than or equal to 1024)',
    );
    // every changed Deployment (the refused resources' too) dry-run as the design's identity
    assert.deepEqual(page.dryRun.failed, []);
    assert.equal(page.dryRun.checked, N);
    assert.match(page.dryRun.as, /^system:serviceaccount:default:opstudio-webapps\./);
    // a page of each list, the counts of all
    const second = await crds.impact({ designId: saved.id, version: v2.version, offset: 190, limit: 20 }, () =>
      Promise.resolve(),
    );
    assert.equal(second.report.changed.length, 8);
    assert.equal(second.report.changed[0]?.name, r.changed[190]?.name);

    // `opstudio plan -o json`: the same figures
    const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-plan-'));
    const file = path.join(dir, 'webapp.design.yaml');
    writeFileSync(file, serializeDesign(draft));
    const saved2 = { DATABASE_URL: process.env.DATABASE_URL, OPSTUDIO_KUBECONFIG: process.env.OPSTUDIO_KUBECONFIG };
    Object.assign(process.env, { DATABASE_URL: databaseUrl, OPSTUDIO_KUBECONFIG: kubeconfigPath });
    const { io, text: printed } = capturedIo();
    try {
      const code = await planCommand([file, '-o', 'json'], io);
      assert.equal(code, 1, `refused resources exit 1: ${printed.stderr}`);
    } finally {
      for (const [k, v] of Object.entries(saved2)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    const json = JSON.parse(printed.stdout) as {
      summary: string;
      refused: { name: string }[];
      changed: unknown[];
      unchanged: unknown[];
    };
    assert.equal(json.summary, r.summary);
    assert.deepEqual(
      json.refused.map((x) => x.name),
      ['web-000', 'web-001'],
    );
    assert.equal(json.changed.length, N - 2);
    assert.equal(json.unchanged.length, 0);

    // nothing in the cluster changed: the same resourceVersions, no child made, the CRD still version 1
    assert.deepEqual(await versions(), before);
    for (const kind of ['apps/v1/deployments', 'networking.k8s.io/v1/ingresses'] as const) {
      const list = await kube.request<{ items: unknown[] }>({
        method: 'GET',
        path: `/apis/${kind.replace(/\/(\w+)$/, `/namespaces/${ns}/$1`)}`,
      });
      assert.equal(list.items.length, 0, kind);
    }
    const crd = await kube.request<{ metadata: { annotations: Record<string, string> } }>({
      method: 'GET',
      path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`,
    });
    assert.equal(crd.metadata.annotations['studio.opstudio.dev/design-version'], '1');
  },
);
