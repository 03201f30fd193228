// The two-versions conversion design's read-back, as both webhooks (the studio's and the exported
// manager's) must serve it: a v1alpha1 object stored, read at v1 in the new shape and at v1alpha1
// unchanged, then a v1-only value set at v1 and read at v1alpha1 (where it rides in an annotation).
import assert from 'node:assert/strict';
import type { KubeJson } from '../src/kube/json-client';

export interface Cache {
  apiVersion: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}

/** The v1alpha1 spec the read-back stores as `one`. */
export const V1ALPHA1_SPEC = { size: 2, image: 'memcached:1.6.26', mode: 'safe' };

/** `one`, already stored at v1alpha1, read at both versions; then `spec.paused` set at v1 and `one` as v1alpha1 reads it. */
export async function readBackBothVersions(
  kube: KubeJson,
  group: string,
  at: (version: string, name?: string) => string,
): Promise<Cache> {
  const v1 = await kube.request<Cache>({ method: 'GET', path: at('v1', 'one') });
  assert.equal(v1.apiVersion, `${group}/v1`);
  assert.deepEqual(v1.spec, { replicas: 2, repository: 'memcached', tag: '1.6.26', mode: 'safe', paused: false });
  const back = await kube.request<Cache>({ method: 'GET', path: at('v1alpha1', 'one') });
  assert.equal(back.apiVersion, `${group}/v1alpha1`);
  assert.deepEqual(back.spec, V1ALPHA1_SPEC);
  assert.equal(back.metadata.annotations, undefined);
  await kube.request({
    method: 'PATCH',
    path: at('v1', 'one'),
    contentType: 'application/merge-patch+json',
    body: { spec: { paused: true } },
  });
  return kube.request<Cache>({ method: 'GET', path: at('v1alpha1', 'one') });
}
