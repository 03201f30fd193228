// The embedded controller serves a design's conversion webhook to the sandbox's API server
// (docs/design/0053): a v1alpha1 → v1 design with a renamed field and a field split in two,
// installed with its webhook's URL and CA bundle; an object created at v1alpha1 reads back at
// v1 with the new shape and at v1alpha1 unchanged (a GET on each version's path, as `kubectl get`
// at both versions does). After a restart (a new port) the CRD is re-pointed and still converts.
// The impact before an install takes every live object through the rules and back.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { repoRoot } from '../config';
import { CrdClient } from '../install/crd-client';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices, type RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { readBackBothVersions, V1ALPHA1_SPEC, type Cache } from '../../testing/conversion-readback';

const domain = `cv${Date.now().toString(36)}.example.com`;
const group = `convert.${domain}`;
const crdName = `caches.${group}`;
const yaml = readFileSync(
  path.join(repoRoot, 'packages/shared/src/conversion/testdata/two-versions.design.yaml'),
  'utf8',
).replace('domain: example.com', `domain: ${domain}`);
const at = (version: string, name = '') =>
  `/apis/${group}/${version}/namespaces/default/caches${name === '' ? '' : `/${name}`}`;

describe('the conversion webhook on the sandbox', { skip: skipWithoutCluster }, () => {
  let running: RunningServices | undefined;
  let kube: KubeJson;
  let client: CrdClient;
  const conn = kubeconfigPath === undefined ? undefined : loadKubeConfig(kubeconfigPath);
  const db = kubeconfigPath === undefined ? '' : migratedTempDb();
  const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-conversion-'));
  const start = () =>
    startServices(conn!, db, { lease: { namespace: 'default', name: `conversion-it-${domain}` }, conversionDir: dir });

  before(async () => {
    running = await start();
    kube = new KubeJson(conn!.kc);
    client = new CrdClient(conn!.kc);
  });
  after(async () => {
    await client.delete(crdName).catch(() => undefined);
    await running?.stop();
  });

  test('install writes the webhook and its CA bundle; v1alpha1 objects read at v1 in the new shape and back unchanged', async () => {
    const api = createCaller({ ...running!.services, user: LOCAL_ADMIN });
    const { id } = await api.designs.save({ name: `cache-${domain}`, yaml });
    await api.crds.install({ designId: id });
    const crd = await client.read(crdName);
    const webhook = crd?.spec.conversion?.webhook as
      { clientConfig: { url: string; caBundle: string }; conversionReviewVersions: string[] } | undefined;
    assert.equal(crd?.spec.conversion?.strategy, 'Webhook');
    assert.match(webhook?.clientConfig.url ?? '', new RegExp(`^https://127\\.0\\.0\\.1:\\d+/convert/${id}/1$`));
    assert.deepEqual(webhook?.conversionReviewVersions, ['v1']);
    const ca = new X509Certificate(Buffer.from(webhook.clientConfig.caBundle, 'base64'));
    assert.equal(ca.ca, true);

    await kube.request({
      method: 'POST',
      path: at('v1alpha1'),
      body: { apiVersion: `${group}/v1alpha1`, kind: 'Cache', metadata: { name: 'one' }, spec: V1ALPHA1_SPEC },
    });
    // a v1 value v1alpha1 cannot say rides in the annotation, and a v1alpha1 update keeps it
    const seen = await readBackBothVersions(kube, group, at);
    assert.equal(seen.metadata.annotations?.[`${group}/spec.paused`], 'true');
    await kube.request({
      method: 'PATCH',
      path: at('v1alpha1', 'one'),
      contentType: 'application/merge-patch+json',
      body: { spec: { size: 3 } },
    });
    const after = await kube.request<Cache>({ method: 'GET', path: at('v1', 'one') });
    assert.deepEqual(after.spec, { replicas: 3, repository: 'memcached', tag: '1.6.26', mode: 'safe', paused: true });
    assert.equal(after.metadata.annotations, undefined);
  });

  test('after a restart on a new port the CRD is re-pointed and still converts', async () => {
    const before = (await client.read(crdName))?.spec.conversion?.webhook as { clientConfig: { url: string } };
    await running!.stop();
    running = await start();
    await eventually('the CRD re-pointed', 20_000, async () => {
      const now = (await client.read(crdName))?.spec.conversion?.webhook as { clientConfig: { url: string } };
      return now.clientConfig.url !== before.clientConfig.url ? now : undefined;
    });
    // the API server may hold a connection to the old port for a moment
    const back = await eventually('a conversion through the new port', 20_000, () =>
      kube.request<Cache>({ method: 'GET', path: at('v1alpha1', 'one') }).catch(() => undefined),
    );
    assert.deepEqual(back.spec, { size: 3, image: 'memcached:1.6.26', mode: 'safe' });
  });

  test('the impact takes every live object through the rules and back: a registry with a port is named', async () => {
    await kube.request({
      method: 'POST',
      path: at('v1'),
      body: {
        apiVersion: `${group}/v1`,
        kind: 'Cache',
        metadata: { name: 'ported' },
        spec: { replicas: 1, repository: 'registry:5000/app', tag: '2', mode: 'safe' },
      },
    });
    const api = createCaller({ ...running!.services, user: LOCAL_ADMIN });
    const [design] = (await api.designs.list()).filter((d) => d.name === `cache-${domain}`);
    const impact = await api.crds.impact({ designId: design!.id });
    assert.deepEqual(impact.roundTrip, {
      checked: 2,
      failed: 1,
      readAt: 'v1',
      failures: [
        {
          namespace: 'default',
          name: 'ported',
          message:
            'v1 → v1alpha1 → v1 does not round-trip ported: spec.repository was "registry:5000/app", came back "registry"',
        },
      ],
    });
  });
});
