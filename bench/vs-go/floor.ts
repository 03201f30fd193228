// The sandbox's floor, measured in the same run as the sides: a merge patch of a ConfigMap by the
// bench's own client until the bench's own watch delivers it (the first event carrying the new
// resourceVersion). An edit → child updated is at least two such hops (the bench's patch reaching
// the controller, the controller's write reaching the bench), so no side can go below ~2× its p50.
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import { KubeJson } from '../../apps/controller/src/kube/json-client';
import { percentile } from './session';

export interface Floor {
  readonly patches: number;
  /** patch sent → its watch event, ms */
  readonly p50: number;
  readonly p99: number;
}

const NAME = 'bench-floor';

export async function measureFloor(kc: KubeConfig, ns: string, patches = 50): Promise<Floor> {
  const kube = new KubeJson(kc);
  const path = `/api/v1/namespaces/${ns}/configmaps`;
  await kube.request({ method: 'DELETE', path: `${path}/${NAME}` }).catch(() => undefined);
  const created = await kube.request<{ metadata: { resourceVersion: string } }>({
    method: 'POST',
    path,
    body: { metadata: { name: NAME }, data: { n: '0' } },
  });
  const seen = new Map<string, () => void>(); // data.n → resolve
  const abort = await new Watch(kc).watch(
    path,
    { resourceVersion: created.metadata.resourceVersion, fieldSelector: `metadata.name=${NAME}` },
    (_type: string, o: { data?: { n?: string } }) => seen.get(o.data?.n ?? '')?.(),
    () => undefined,
  );
  try {
    const samples: number[] = [];
    for (let i = 1; i <= patches; i++) {
      const n = String(i);
      const delivered = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`floor: patch ${n} never reached the watch`)), 30_000);
        seen.set(n, () => (clearTimeout(timer), resolve()));
      });
      const t0 = performance.now();
      await kube.request({
        method: 'PATCH',
        path: `${path}/${NAME}`,
        body: { data: { n } },
        contentType: 'application/merge-patch+json',
      });
      await delivered;
      samples.push(performance.now() - t0);
      seen.delete(n);
    }
    return { patches, p50: percentile(samples, 50), p99: percentile(samples, 99) };
  } finally {
    abort.abort();
    await kube.request({ method: 'DELETE', path: `${path}/${NAME}` }).catch(() => undefined);
  }
}

export function floorLine(f: Floor): string {
  return (
    `floor: a patch → its own watch event, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (${f.patches} patches); ` +
    `an edit → child updated (two hops) cannot take less than ~${(2 * f.p50).toFixed(1)} ms`
  );
}
