// The exported manager serves the design's conversion webhook (issue 31 point 2, docs/design/0053):
// the two-versions design's export is built and run against the sandbox with a serving
// certificate for 127.0.0.1 (as cert-manager would mount one in the cluster), its CRD pointed at
// the manager's /convert on :9443 with that CA; an object created at v1alpha1 reads at v1 with the
// new shape and at v1alpha1 unchanged, and a v1 value v1alpha1 cannot say travels in the
// annotation — what the embedded controller's webhook gives (conversion/conversion.int.test.ts).
// @lane: build exported Go managers for every example
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { IGNORE_STUDIO_LEASE_FLAG } from '@opstudio/shared/kube/handoff';
import { repoRoot } from '../config';
import { ensureCerts } from '../conversion/certs';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { readBackBothVersions, V1ALPHA1_SPEC, type Cache } from '../../testing/conversion-readback';
import { GoManager } from '../../testing/go-manager';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { hasGo } from './go-check';

const skip = skipWithoutCluster || (hasGo() ? false : 'go is needed to build the exported manager');
const domain = `cvgo${Date.now().toString(36)}.example.com`;
const group = `convert.${domain}`;
const at = (version: string, name = '') =>
  `/apis/${group}/${version}/namespaces/default/caches${name === '' ? '' : `/${name}`}`;

/** The conversion test design (no status: a status-less kind exports a controller that compiles). */
function design(): Design {
  const text = readFileSync(
    path.join(repoRoot, 'packages/shared/src/conversion/testdata/two-versions.design.yaml'),
    'utf8',
  ).replace('domain: example.com', `domain: ${domain}`);
  const parsed = parseDesign(text);
  assert.ok(parsed.ok);
  return parsed.design;
}

test(
  "the exported manager's conversion webhook converts as the studio's",
  { skip, timeout: 20 * 60_000 },
  async (t) => {
    const conn = loadKubeConfig(kubeconfigPath);
    const kube = new KubeJson(conn.kc);
    const certDir = mkdtempSync(path.join(tmpdir(), 'opstudio-go-webhook-'));
    t.after(() => rmSync(certDir, { recursive: true, force: true }));
    const { certs } = ensureCerts(certDir); // tls.crt and tls.key for 127.0.0.1, as the manager reads them
    const go = new GoManager(conn.kc, design(), {
      args: [`--webhook-cert-path=${certDir}`, IGNORE_STUDIO_LEASE_FLAG],
    });
    t.after(() => go.stop());
    await go.build();
    t.diagnostic(`go build: ${go.buildSeconds.toFixed(1)} s`);
    await go.run();
    // the CRD's spec.conversion as config/crd/patches writes it, with a URL where the Service would be
    await kube.request({
      method: 'PATCH',
      path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${go.kind.crdName}`,
      contentType: 'application/merge-patch+json',
      body: {
        spec: {
          conversion: {
            strategy: 'Webhook',
            webhook: {
              conversionReviewVersions: ['v1'],
              clientConfig: {
                url: 'https://127.0.0.1:9443/convert',
                caBundle: Buffer.from(certs.bundle).toString('base64'),
              },
            },
          },
        },
      },
    });

    await eventually('a v1alpha1 object stored through the webhook', 60_000, async () =>
      kube
        .request({
          method: 'POST',
          path: at('v1alpha1'),
          body: { apiVersion: `${group}/v1alpha1`, kind: 'Cache', metadata: { name: 'one' }, spec: V1ALPHA1_SPEC },
        })
        .then(() => true)
        .catch(() => undefined),
    );
    // a v1 value v1alpha1 cannot say: kept in the annotation at v1alpha1, and back at v1
    const kept = await readBackBothVersions(kube, group, at);
    assert.deepEqual(kept.metadata.annotations, { [`${group}/spec.paused`]: 'true' });
    assert.deepEqual(kept.spec, V1ALPHA1_SPEC);
    const again = await kube.request<Cache>({ method: 'GET', path: at('v1', 'one') });
    assert.equal(again.spec?.paused, true);
    assert.doesNotMatch(go.log(), /panic/);
  },
);
