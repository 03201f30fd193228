// Test support for operator tests that need several designs in one namespace: designs from
// examples/ (or edited copies) stored in one fresh SQLite database and installed as labelled CRDs
// under unique API groups, one unique namespace, a controller-manager with its history, and the
// few CR reads and writes the tests make (plain JSON through KubeJson).
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import { fullGroup, resolveNames } from '@opstudio/shared/design/names';
import type { Design } from '@opstudio/shared/design/schema';
import { childResourceOf } from '@opstudio/shared/graph/child-kinds';
import { OWNER_UID_LABEL } from '@opstudio/shared/graph/ownership';
import { repoRoot } from '../src/config';
import { openDb, type StudioDb } from '../src/db';
import { HistoryStore } from '../src/history/store';
import { deleteIdentity, installIdentity } from '../src/install/identity';
import { CrdClient } from '../src/install/crd-client';
import { designIdentity } from '@opstudio/shared/manifests/identity';
import { labelledCrd } from '../src/install/labels';
import { KubeJson } from '../src/kube/json-client';
import { LiveBus } from '../src/live/bus';
import { ControllerManager } from '../src/operators/manager';
import { apiServerEventSink, EventRecorder } from '../src/runtime/recorder';
import type { ClusterIdentity } from '../src/clusters/cluster-identity';
import { learntClusterIdentity } from './cluster-identity';
import { loadKubeConfig } from '../src/kube/kubeconfig';
import { eventually, kubeconfigPath, migratedTempDb } from './index';

export interface LabelledObject {
  readonly kind: string;
  readonly metadata: { name: string; namespace?: string; uid: string; deletionTimestamp?: string };
}

export interface InstalledKind {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly kind: string;
  readonly crdName: string;
  readonly design: Design;
}

/** A design from examples/ under the group `<its group>-<suffix>`, edited by `edit`. */
export function exampleDesign(file: string, suffix: string, edit: (d: Design) => Design = (d) => d): Design {
  const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples', file), 'utf8'));
  if (!parsed.ok) throw new Error(`examples/${file} does not parse: ${parsed.errors[0]?.message ?? ''}`);
  const d = parsed.design;
  return edit({ ...d, crd: { ...d.crd, group: `${d.crd.group}-${suffix}` } });
}

export class DesignFixture {
  readonly suffix = randomUUID().slice(0, 8);
  readonly ns: string;
  readonly db: StudioDb;
  readonly history: HistoryStore;
  /** The sandbox's cluster id, as the studio would store runs under it. */
  readonly cluster: ClusterIdentity;
  readonly kube: KubeJson;
  private readonly kinds: InstalledKind[] = [];
  private running: { readonly stop: AbortController; readonly done: Promise<void> } | undefined;

  /**
   * A fixture on the test sandbox in a fresh namespace, torn down after the test: its CRs deleted
   * while its manager still runs (their finalizers need it), then the manager stopped, then what
   * install made removed, then `cleanup` for what the test made itself.
   */
  static async open(
    prefix: string,
    t: { after: (fn: () => Promise<void>) => void },
    opts: { deleteTimeoutMs?: number; cleanup?: (f: DesignFixture) => Promise<unknown> } = {},
  ): Promise<DesignFixture> {
    const f = new DesignFixture(loadKubeConfig(kubeconfigPath ?? '').kc, prefix);
    t.after(async () => {
      await f.deleteAll(opts.deleteTimeoutMs);
      await f.stopManager();
      await f.remove();
      await opts.cleanup?.(f).catch(() => undefined);
    });
    await f.createNamespace();
    return f;
  }

  /** Runs a controller-manager holding `leaseName` until stopManager (or the teardown of open). */
  startManager(leaseName: string): void {
    if (this.running !== undefined) throw new Error('a manager already runs: stop it first');
    const stop = new AbortController();
    this.running = { stop, done: this.manager(leaseName).start(stop.signal) };
  }

  async stopManager(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    running?.stop.abort();
    await running?.done;
  }

  constructor(
    readonly kc: KubeConfig,
    prefix: string,
  ) {
    this.ns = `${prefix}-${this.suffix}`;
    this.db = openDb(migratedTempDb());
    this.cluster = learntClusterIdentity(kc);
    this.history = new HistoryStore({ db: this.db, cluster: this.cluster, bus: new LiveBus() });
    this.kube = new KubeJson(kc);
  }

  async createNamespace(): Promise<void> {
    await this.kube.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: this.ns } } });
  }

  /** Stores the design (version 1), installs its labelled CRD and waits for Established. */
  async install(design: Design): Promise<InstalledKind> {
    const saved = await this.db.design.create({
      data: {
        name: `${design.crd.names.kind}-${design.crd.group}`,
        versions: { create: { version: 1, yaml: serializeDesign(design) } },
      },
    });
    const crd = labelledCrd(design, saved.id, 1);
    // the controller writes as the design's identity, in the manager's Lease namespace (this.ns)
    await installIdentity(this.kc, design, saved.id, crd.metadata.name, this.ns);
    const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    await this.kube.request({ method: 'POST', path: crds, body: crd });
    await eventually(`CRD ${crd.metadata.name} Established`, 30_000, async () => {
      const c = await this.kube.request<{ status?: { conditions?: { type: string; status: string }[] } }>({
        method: 'GET',
        path: `${crds}/${crd.metadata.name}`,
      });
      return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') ? true : undefined;
    });
    const names = resolveNames(design.crd.names);
    const version = design.crd.versions.find((v) => v.storage)?.name ?? 'v1alpha1';
    const kind = {
      group: fullGroup(design),
      version,
      plural: names.plural,
      kind: names.kind,
      crdName: crd.metadata.name,
      design,
    };
    this.kinds.push(kind);
    return kind;
  }

  manager(leaseName: string): ControllerManager {
    return new ControllerManager({
      kc: this.kc,
      db: this.db,
      cluster: this.cluster,
      recorder: new EventRecorder({ sink: apiServerEventSink(this.kc) }),
      history: this.history,
      lease: { namespace: this.ns, name: leaseName },
    });
  }

  /** The CR collection (or one CR) of a kind: in this fixture's namespace, or none for a cluster-scoped kind. */
  crPath(k: InstalledKind, name?: string): string {
    const where = k.design.crd.scope === 'Cluster' ? '' : `/namespaces/${this.ns}`;
    return `/apis/${k.group}/${k.version}${where}/${k.plural}${name === undefined ? '' : `/${name}`}`;
  }

  /**
   * Every object of these kinds, cluster-wide, that carries the studio's owner label with this
   * uid (docs/design/0039): what a user finds with `kubectl get … -l studio.opstudio.dev/owner-uid=<uid> -A`.
   */
  async labelledBy(uid: string, kinds: readonly { apiVersion: string; kind: string }[]): Promise<LabelledObject[]> {
    const out: LabelledObject[] = [];
    const seen = new Set<string>();
    for (const { apiVersion, kind } of kinds) {
      const { group, resource } = childResourceOf(apiVersion, kind);
      const path = `${group === '' ? '/api' : `/apis/${group}`}/${apiVersion.split('/').pop() ?? ''}/${resource}`;
      if (seen.has(path)) continue;
      seen.add(path);
      const list = await this.kube.request<{ items: LabelledObject[] }>({
        method: 'GET',
        path,
        query: { labelSelector: `${OWNER_UID_LABEL}=${uid}` },
      });
      out.push(...list.items.map((o) => ({ ...o, kind })));
    }
    return out;
  }

  async create(k: InstalledKind, name: string, spec: Record<string, unknown>): Promise<void> {
    await this.kube.request({
      method: 'POST',
      path: this.crPath(k),
      body: { apiVersion: `${k.group}/${k.version}`, kind: k.kind, metadata: { name }, spec },
    });
  }

  async patchSpec(k: InstalledKind, name: string, spec: Record<string, unknown>): Promise<void> {
    await this.kube.request({
      method: 'PATCH',
      path: this.crPath(k, name),
      body: { spec },
      contentType: 'application/merge-patch+json',
    });
  }

  async get<T = Record<string, unknown>>(k: InstalledKind, name: string): Promise<T | undefined> {
    return this.kube.request<T>({ method: 'GET', path: this.crPath(k, name) }).catch(() => undefined);
  }

  /** Any namespaced object of this fixture's namespace, by its collection path (`/api/v1/configmaps`), or undefined. */
  async object<T = Record<string, unknown>>(collection: string, name: string): Promise<T | undefined> {
    const [, api, ...rest] = collection.split('/');
    const base = `/${api}/${rest.slice(0, -1).join('/')}`;
    const path = `${base}/namespaces/${this.ns}/${rest[rest.length - 1]}/${name}`;
    return this.kube.request<T>({ method: 'GET', path }).catch(() => undefined);
  }

  /** Deletes every CR of the installed kinds and waits for them to go (call while a controller runs). */
  async deleteAll(timeoutMs = 60_000): Promise<void> {
    for (const k of this.kinds)
      await this.kube.request({ method: 'DELETE', path: this.crPath(k) }).catch(() => undefined);
    await eventually('the CRs to be deleted', timeoutMs, async () => {
      for (const k of this.kinds) {
        const list = await this.kube
          .request<{ items: unknown[] }>({ method: 'GET', path: this.crPath(k) })
          .catch(() => ({ items: [] }));
        if (list.items.length > 0) return undefined;
      }
      return true;
    }).catch(() => undefined);
  }

  /** Removes what install made; CRs left behind lose their finalizers first (no controller runs any more). */
  async remove(): Promise<void> {
    for (const k of this.kinds) {
      const list = await this.kube
        .request<{ items: { metadata: { name: string } }[] }>({ method: 'GET', path: this.crPath(k) })
        .catch(() => ({ items: [] }));
      for (const cr of list.items)
        await this.kube
          .request({
            method: 'PATCH',
            path: this.crPath(k, cr.metadata.name),
            body: { metadata: { finalizers: null } },
            contentType: 'application/merge-patch+json',
          })
          .catch(() => undefined);
      await this.kube
        .request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${k.crdName}` })
        .catch(() => undefined);
      await deleteIdentity(new CrdClient(this.kc), designIdentity(k.crdName, this.ns)).catch(() => undefined);
    }
    await this.kube.request({ method: 'DELETE', path: `/api/v1/namespaces/${this.ns}` }).catch(() => undefined);
    await this.history.idle();
    await this.db.$disconnect();
  }
}

/**
 * A claim of a StorageClass the sandbox does not have, named as a StatefulSet's claim template
 * names its first pod's (`data-<name>-0` for a template `data`): the StatefulSet adopts it, it
 * never binds, and the pod stays Pending with the scheduler's "unbound immediate
 * PersistentVolumeClaims".
 */
export async function createUnbindableClaim(f: DesignFixture, store: string): Promise<void> {
  await f.kube.request({
    method: 'POST',
    path: `/api/v1/namespaces/${f.ns}/persistentvolumeclaims`,
    body: {
      metadata: { name: `data-${store}-0` },
      spec: {
        storageClassName: 'fast-ssd',
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: '1Gi' } },
      },
    },
  });
}
