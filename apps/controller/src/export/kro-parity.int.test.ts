// kro parity (issue 33, docs/design/0056): kro's own controller (v0.9.4, built from its Go module
// into the binaries cache) runs against the test sandbox with the RGD of each example kept in
// bench/kro, beside the embedded controller running the example design. Each side has its own API
// group and namespace; the same custom resource is created on both, and once the embedded side
// settled, kro must have made the same children: the same names, and the same spec (or data) as
// the API server stored it, allocated IPs masked. Labels and owners differ by design (each
// controller marks what it owns its own way) and are not compared.
// @lane: build kro's controller from its Go module (several minutes cold)
// @opt-in: builds kro from source (minutes cold, ~1 min warm); run it with --only kro-parity
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureKro, kroCrds } from '@opstudio/sandbox';
import { parseYaml } from '@opstudio/shared/yaml/parse';
import { repoRoot } from '../config';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster, eventually } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';
import { collection, settled, type Obj, type Snapshot } from '../../testing/graph-sides';
import { hasGo } from './go-check';

const skip = skipWithoutCluster || (hasGo() ? false : 'go is needed to build kro');

const EXAMPLES = [
  {
    name: 'webapp',
    spec: { replicas: 2, host: 'shop.example.com', extraPorts: [{ name: 'metrics', port: 9090 }] },
  },
  { name: 'redis', spec: { replicas: 3, maxMemory: '256mb' } },
  { name: 'replicated-store', spec: { replicas: 3, backup: { schedule: '0 3 * * *' } } },
] as const;

/** What must agree: the name, and spec or data as stored; allocated IPs masked. */
function comparable(o: Obj): unknown {
  const spec = o.spec === undefined ? undefined : { ...o.spec };
  if (spec !== undefined && o.kind === 'Service' && spec.clusterIP !== 'None') {
    spec.clusterIP = '<allocated>';
    spec.clusterIPs = ['<allocated>'];
  }
  return { kind: o.kind, name: o.metadata.name, spec, data: o.data };
}

test(
  "kro's controller with each example's RGD makes the children the embedded controller makes",
  { skip, timeout: 30 * 60_000 },
  async (t) => {
    const started = Date.now();
    const kroBinary = await ensureKro({ onProgress: (line) => t.diagnostic(line) });
    t.diagnostic(`kro ready after ${((Date.now() - started) / 1000).toFixed(0)} s: ${kroBinary}`);
    const { kc } = loadKubeConfig(kubeconfigPath ?? '');
    const emb = await DesignFixture.open('kro-emb', t);
    const kroF = new DesignFixture(kc, 'kro-kro');
    await kroF.createNamespace();
    const rand = emb.suffix;
    const log: string[] = [];
    const rgdNames: string[] = [];
    const kroCrdNames: string[] = [];
    const kroProcess = spawn(
      kroBinary,
      ['--metrics-bind-address=0', '--health-probe-bind-address=127.0.0.1:0', '--instance-requeue-interval=1s'],
      { env: { ...process.env, KUBECONFIG: kubeconfigPath }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const collect = (chunk: Buffer): void => {
      log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      log.splice(0, Math.max(0, log.length - 60));
    };
    kroProcess.stdout.on('data', collect);
    kroProcess.stderr.on('data', collect);
    t.after(async () => {
      for (const name of rgdNames)
        await kroF.kube
          .request({ method: 'DELETE', path: `/apis/kro.run/v1alpha1/resourcegraphdefinitions/${name}` })
          .catch(() => undefined);
      kroProcess.kill('SIGTERM');
      for (const name of kroCrdNames)
        await kroF.kube
          .request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}` })
          .catch(() => undefined);
      await kroF.kube.request({ method: 'DELETE', path: `/api/v1/namespaces/${kroF.ns}` }).catch(() => undefined);
    });

    // kro's CRDs: created once per sandbox, kept (another run reuses them)
    const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    for (const text of await kroCrds()) {
      const parsed = parseYaml(text);
      assert.ok(parsed.ok);
      await kroF.kube.request({ method: 'POST', path: crds, body: parsed.value }).catch((e: unknown) => {
        if ((e as { code?: number }).code !== 409) throw e;
      });
    }

    const embKinds = [];
    for (const ex of EXAMPLES) embKinds.push(await emb.install(exampleDesign(`${ex.name}.design.yaml`, `emb-${rand}`)));
    emb.startManager(`kro-emb-${rand}`);

    for (const [i, ex] of EXAMPLES.entries()) {
      const embKind = embKinds[i]!;
      // the RGD as kept in bench/kro, under a group and a name of this run
      const parsed = parseYaml(readFileSync(join(repoRoot, 'bench', 'kro', `${ex.name}.rgd.yaml`), 'utf8'));
      assert.ok(parsed.ok);
      const rgd = parsed.value as {
        metadata: { name: string };
        spec: { schema: { group: string; apiVersion: string } };
      };
      const [group, ...domain] = rgd.spec.schema.group.split('.');
      const kroGroup = [`${group}-kro-${rand}`, ...domain].join('.');
      rgd.spec.schema.group = kroGroup;
      rgd.metadata.name = `${ex.name}-kro-${rand}`;
      rgdNames.push(rgd.metadata.name);
      await kroF.kube.request({ method: 'POST', path: '/apis/kro.run/v1alpha1/resourcegraphdefinitions', body: rgd });
      type Rgd = { status?: { state?: string; conditions?: { type: string; status: string; message?: string }[] } };
      let lastRgd: Rgd | undefined;
      const version = rgd.spec.schema.apiVersion;
      const plural = await eventually(`RGD ${rgd.metadata.name} Active and its kind served`, 120_000, async () => {
        lastRgd = await kroF.kube
          .request<Rgd>({ method: 'GET', path: `/apis/kro.run/v1alpha1/resourcegraphdefinitions/${rgd.metadata.name}` })
          .catch(() => undefined);
        if (lastRgd?.status?.state !== 'Active') return undefined;
        const discovery = await kroF.kube
          .request<{ resources: { name: string }[] }>({ method: 'GET', path: `/apis/${kroGroup}/${version}` })
          .catch(() => undefined);
        return discovery?.resources.find((r) => !r.name.includes('/'))?.name;
      }).catch((e: unknown) => {
        throw new Error(`${String(e)}\nRGD status: ${JSON.stringify(lastRgd?.status)}\nkro log:\n${log.join('\n')}`);
      });
      kroCrdNames.push(`${plural}.${kroGroup}`);

      const crName = `${ex.name}-one`;
      await emb.create(embKind, crName, ex.spec);
      await kroF.kube.request({
        method: 'POST',
        path: `/apis/${kroGroup}/${version}/namespaces/${kroF.ns}/${plural}`,
        body: { apiVersion: `${kroGroup}/${version}`, kind: embKind.kind, metadata: { name: crName }, spec: ex.spec },
      });

      // what the embedded controller made, once it settled
      const ids = expectedIds(ex.name, crName);
      const side = { label: 'embedded', f: emb, kind: embKind };
      const embedded: Snapshot = await settled(side, crName, ids);
      // the same names in kro's namespace, with the same spec or data
      for (const [id, o] of embedded.children) {
        const path = collection(o.apiVersion!, o.kind!);
        let seen: Obj | undefined;
        await eventually(
          `kro: ${ex.name} ${id} (${o.metadata.name}) as the embedded controller made it`,
          120_000,
          async () => {
            seen = await kroF.object<Obj>(path, o.metadata.name);
            if (seen === undefined) return undefined;
            const ours = comparable({ ...seen, kind: o.kind });
            return JSON.stringify(ours) === JSON.stringify(comparable(o)) ? true : undefined;
          },
        ).catch((e: unknown) => {
          const diff = seen === undefined ? 'not made' : JSON.stringify(comparable({ ...seen, kind: o.kind }), null, 1);
          throw new Error(
            `${String(e)}\nembedded: ${JSON.stringify(comparable(o), null, 1)}\nkro: ${diff}\nkro log:\n${log.slice(-20).join('\n')}`,
          );
        });
      }
      t.diagnostic(`${ex.name}: kro made the same ${embedded.children.size} children`);
    }
  },
);

/** The children each example's custom resource has once settled (a collection's as `<id>/<name>`). */
function expectedIds(name: string, cr: string): string[] {
  if (name === 'webapp') return ['config', 'deployment', 'service', 'ingress', 'pdb', `ports/${cr}-ports-metrics`];
  if (name === 'redis') return ['config', 'headless', 'statefulset'];
  return ['peer', 'client', 'peers', 'statefulset', 'pdb', 'backup'];
}
