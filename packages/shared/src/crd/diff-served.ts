// OLM's second check: with `conversion: None` the API server serves one stored object
// under every served version unchanged, so each newer served version must accept what an
// older one accepts. Versions are ordered as Kubernetes orders them (v1alpha1 < v1beta1
// < v1 < v2alpha1 < v2) and every older/newer pair is diffed like an upgrade.
import { diffSchema } from './diff-schema';
import type { Change } from './diff-types';
import type { CustomResourceDefinition } from './types';

const KUBE_VERSION = /^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$/;

/** Sort key: GA beats beta beats alpha, then higher numbers; names outside the scheme sort first, by name. */
export function compareKubeVersions(a: string, b: string): number {
  const ma = KUBE_VERSION.exec(a);
  const mb = KUBE_VERSION.exec(b);
  if (!ma || !mb) return ma ? 1 : mb ? -1 : a < b ? -1 : a > b ? 1 : 0;
  const stability = (m: RegExpExecArray): number => (m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0);
  return stability(ma) - stability(mb) || Number(ma[1]) - Number(mb[1]) || Number(ma[3] ?? 0) - Number(mb[3] ?? 0);
}

export function diffServedVersions(crd: CustomResourceDefinition): Change[] {
  if (crd.spec.conversion?.strategy === 'Webhook') return [];
  const served = crd.spec.versions.filter((v) => v.served).sort((a, b) => compareKubeVersions(a.name, b.name));
  const changes: Change[] = [];
  served.forEach((older, i) => {
    for (const newer of served.slice(i + 1)) {
      changes.push(
        ...diffSchema(`${older.name}→${newer.name}`, older.schema?.openAPIV3Schema, newer.schema?.openAPIV3Schema),
      );
    }
  });
  return changes;
}
