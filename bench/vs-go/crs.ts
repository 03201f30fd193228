// The writes the workloads make to one side's CRs, and the clean slate between runs.
import type { KubeJson } from '../../apps/controller/src/kube/json-client';
import { eventually } from '../../apps/controller/testing';
import type { Side } from './sides';
import { namespacedPath } from './target';

/** Runs `task` over `items`, at most `limit` at a time (1,000 requests at once exhaust sockets, not the controllers). */
export async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export class SideCrs {
  constructor(
    private readonly kube: KubeJson,
    readonly side: Side,
  ) {}

  async create(names: readonly string[], size: number): Promise<void> {
    await pool(names, 50, (name) =>
      this.kube.request({
        method: 'POST',
        path: this.side.crPath,
        body: {
          apiVersion: `${this.side.group}/v1alpha1`,
          kind: this.side.kind,
          metadata: { name },
          spec: this.side.target.spec(size),
        },
      }),
    );
  }

  /** Resolves with the CR's new metadata.generation. */
  async patchSize(name: string, size: number, timeoutMs?: number): Promise<number> {
    const cr = await this.kube.request<{ metadata: { generation: number } }>({
      method: 'PATCH',
      path: `${this.side.crPath}/${name}`,
      body: { spec: { [this.side.target.sizeField]: size } },
      contentType: 'application/merge-patch+json',
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    return cr.metadata.generation;
  }

  /**
   * Deletes every CR while the side's controller still runs (its finalizer), then waits until the
   * CRs and the target's drained collections (Deployments, pods, …) are gone: the next run needs
   * kwok's pod capacity.
   */
  async deleteAll(timeoutMs = 600_000): Promise<void> {
    const { ns, crPath, target } = this.side;
    const drained = target.drained.map((r) => namespacedPath(ns, r));
    const swept = (target.swept ?? []).map((r) => namespacedPath(ns, r));
    const count = async (path: string) =>
      (await this.kube.request<{ items: unknown[] }>({ method: 'GET', path, query: { limit: '1' } })).items.length;
    let lastDelete = 0;
    // an API server busy with thousands of objects may time a request out: try again, until the deadline
    await eventually(
      `the ${this.side.name} side's CRs, ${target.drained.join(', ')} to be gone`,
      timeoutMs,
      async () => {
        await new Promise((r) => setTimeout(r, 1000));
        try {
          // again every 30 s while CRs remain: one that failed or came late is caught the next time
          if (Date.now() - lastDelete > 30_000 && (await count(crPath)) > 0) {
            await this.kube.request({ method: 'DELETE', path: crPath });
            lastDelete = Date.now();
          }
          if ((await count(crPath)) > 0) return undefined;
          // what no owner deletes, once the CRs (and so their owners) are gone
          for (const path of swept) if ((await count(path)) > 0) await this.kube.request({ method: 'DELETE', path });
          for (const path of drained) if ((await count(path)) > 0) return undefined;
          return true;
        } catch {
          return undefined;
        }
      },
    );
  }
}
