// The bench's custom resources: a plain CRD (Ticket, two printer columns) under a unique API group,
// which the studio did not install, so nothing reconciles it and no Pods are made; 10,000 Tickets
// in one namespace, created with a bounded number of requests in flight; and the churn: merge
// patches on distinct Tickets at a fixed rate. Everything goes to the API server directly.
import { randomUUID } from 'node:crypto';
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeJson } from '../../apps/controller/src/kube/json-client';
import { ticketCrd } from '../../apps/controller/testing/ticket-crd';

export interface TicketKind {
  readonly group: string;
  readonly version: 'v1';
  readonly plural: 'tickets';
  readonly namespace: string;
  readonly crdName: string;
}

export const ticketName = (i: number): string => `ticket-${String(i).padStart(5, '0')}`;

export function newTicketKind(): TicketKind {
  const suffix = randomUUID().slice(0, 8);
  const group = `tenk-${suffix}.example.com`;
  return { group, version: 'v1', plural: 'tickets', namespace: `tenk-${suffix}`, crdName: `tickets.${group}` };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work(i)` for i in [0, count) with at most `parallel` calls in flight. */
export async function bounded(count: number, parallel: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export class TicketCluster {
  readonly http: KubeJson;

  constructor(
    kc: KubeConfig,
    readonly kind: TicketKind,
  ) {
    this.http = new KubeJson(kc);
  }

  private get collection(): string {
    const k = this.kind;
    return `/apis/${k.group}/${k.version}/namespaces/${k.namespace}/${k.plural}`;
  }

  async install(): Promise<void> {
    const k = this.kind;
    await this.http.request({
      method: 'POST',
      path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
      body: ticketCrd(k.group),
    });
    await this.http.request({
      method: 'POST',
      path: '/api/v1/namespaces',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: k.namespace } },
    });
    for (let tries = 0; ; tries++) {
      const crd = await this.http.request<{ status?: { conditions?: { type: string; status: string }[] } }>({
        method: 'GET',
        path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${k.crdName}`,
      });
      if (crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')) return;
      if (tries > 100) throw new Error(`${k.crdName} did not become Established`);
      await sleep(100);
    }
  }

  /** Creates Tickets 0…count-1; answers how long it took (ms). */
  async create(count: number, parallel = 24): Promise<number> {
    const started = Date.now();
    await bounded(count, parallel, async (i) => {
      await this.http.request({
        method: 'POST',
        path: this.collection,
        body: {
          apiVersion: `${this.kind.group}/v1`,
          kind: 'Ticket',
          metadata: { name: ticketName(i) },
          spec: { priority: i % 5, owner: `team-${i % 7}` },
        },
      });
    });
    return Date.now() - started;
  }

  /**
   * `perSecond` merge patches a second on distinct Tickets (a moving window over all of them) for
   * `seconds`; each second's batch is sent with a bounded number in flight. Answers the patches done.
   */
  async churn(count: number, perSecond: number, seconds: number, signal?: AbortSignal): Promise<number> {
    let done = 0;
    const started = Date.now();
    for (let s = 0; s < seconds && signal?.aborted !== true; s++) {
      const batch = Array.from({ length: perSecond }, (_, j) => (s * perSecond + j) % count);
      await bounded(batch.length, 20, async (j) => {
        const i = batch[j] ?? 0;
        await this.http.request({
          method: 'PATCH',
          path: `${this.collection}/${ticketName(i)}`,
          contentType: 'application/merge-patch+json',
          body: { spec: { priority: 100 + s, owner: `churn-${s}` } },
        });
        done++;
      });
      const wait = started + (s + 1) * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
    }
    return done;
  }

  /** One LIST of every Ticket from the API server, in ms (with the JSON parse, as an informer's list). */
  async timeServerList(): Promise<number> {
    const started = performance.now();
    await this.http.request({ method: 'GET', path: this.collection, timeoutMs: 120_000 });
    return performance.now() - started;
  }

  /** Deleting the CRD deletes its Tickets; the namespace goes too. Never throws. */
  async remove(): Promise<void> {
    const k = this.kind;
    await this.http
      .request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${k.crdName}` })
      .catch((err: unknown) => console.error(`clean-up: ${String(err)}`));
    await this.http
      .request({ method: 'DELETE', path: `/api/v1/namespaces/${k.namespace}` })
      .catch((err: unknown) => console.error(`clean-up: ${String(err)}`));
  }
}
