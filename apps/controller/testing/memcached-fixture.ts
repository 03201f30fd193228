// Test support for the robustness tests (fault injection, watch stall, Lease takeover): the
// Memcached example design stored in a fresh SQLite database and installed as a labelled CRD
// under a unique API group, a unique namespace, and the few reads and writes the tests make.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Condition } from '@opstudio/shared/operand/index';
import { repoRoot } from '../src/config';
import { openDb } from '../src/db';
import type { StudioDb } from '../src/db';
import { HistoryStore } from '../src/history/store';
import { labelledCrd } from '../src/install/labels';
import { deleteIdentity, installIdentity } from '../src/install/identity';
import { CrdClient } from '../src/install/crd-client';
import { designIdentity } from '@opstudio/shared/manifests/identity';
import { LiveBus } from '../src/live/bus';
import { apiServerEventSink, EventRecorder } from '../src/runtime/recorder';
import { ControllerManager, type ManagerOptions } from '../src/operators/manager';
import { learntClusterIdentity } from './cluster-identity';
import { eventually, migratedTempDb } from './index';

export interface MemcachedCr {
  metadata: { name: string; uid: string; generation: number; finalizers?: string[] };
  spec: { size?: number };
  status?: { conditions?: Condition[]; nodes?: string[]; observedGeneration?: number };
}

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

export class MemcachedFixture {
  readonly group: string;
  readonly version = 'v1alpha1';
  readonly plural = 'memcacheds';
  readonly ns: string;
  readonly crdName: string;
  private readonly custom: CustomObjectsApi;
  private readonly apps: AppsV1Api;
  private readonly core: CoreV1Api;
  private readonly ext: ApiextensionsV1Api;

  private constructor(
    readonly kc: KubeConfig,
    readonly db: StudioDb,
    readonly databaseUrl: string,
    suffix: string,
    prefix: string,
  ) {
    this.group = `cache-${suffix}.example.com`;
    this.ns = `${prefix}-${suffix}`;
    this.crdName = `${this.plural}.${this.group}`;
    this.custom = kc.makeApiClient(CustomObjectsApi);
    this.apps = kc.makeApiClient(AppsV1Api);
    this.core = kc.makeApiClient(CoreV1Api);
    this.ext = kc.makeApiClient(ApiextensionsV1Api);
  }

  /** Stores the design, installs its labelled CRD, creates the namespace, waits for Established. */
  static async install(kc: KubeConfig, prefix: string): Promise<MemcachedFixture> {
    const suffix = randomUUID().slice(0, 8);
    const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8'));
    if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
    const design = { ...parsed.design, crd: { ...parsed.design.crd, group: `cache-${suffix}` } };
    const databaseUrl = migratedTempDb();
    const db = openDb(databaseUrl);
    const f = new MemcachedFixture(kc, db, databaseUrl, suffix, prefix);
    const saved = await db.design.create({
      data: { name: `${prefix}-${suffix}`, versions: { create: { version: 1, yaml: serializeDesign(design) } } },
    });
    await f.ext.createCustomResourceDefinition({ body: labelledCrd(design, saved.id, 1) as never });
    await f.core.createNamespace({ body: { metadata: { name: f.ns } } });
    // the controller writes as the design's identity, in the manager's Lease namespace (f.ns)
    await installIdentity(kc, design, saved.id, f.crdName, f.ns);
    await eventually('the CRD to be Established', 30_000, async () =>
      (await f.ext.readCustomResourceDefinition({ name: f.crdName })).status?.conditions?.some(
        (c) => c.type === 'Established' && c.status === 'True',
      )
        ? true
        : undefined,
    );
    return f;
  }

  /** A controller-manager on this fixture's database, with its own Lease in the fixture's namespace. */
  manager(
    leaseName: string,
    options: Partial<Pick<ManagerOptions, 'kc' | 'watchSilenceMs' | 'log' | 'cache'>> = {},
  ): ControllerManager {
    const cluster = learntClusterIdentity(this.kc);
    return new ControllerManager({
      kc: this.kc,
      db: this.db,
      cluster,
      recorder: new EventRecorder({ sink: apiServerEventSink(this.kc) }),
      history: new HistoryStore({ db: this.db, cluster, bus: new LiveBus() }),
      lease: { namespace: this.ns, name: leaseName },
      ...options,
    });
  }

  async create(name: string, size: number): Promise<void> {
    const { group, version, plural, ns } = this;
    await this.custom.createNamespacedCustomObject({
      group,
      version,
      namespace: ns,
      plural,
      body: {
        apiVersion: `${group}/${version}`,
        kind: 'Memcached',
        metadata: { name },
        spec: { size, containerPort: 11211 },
      },
    });
  }

  async patchSize(name: string, size: number): Promise<void> {
    const { group, version, plural, ns } = this;
    await this.custom.patchNamespacedCustomObject(
      { group, version, namespace: ns, plural, name, body: { spec: { size } } },
      mergePatch,
    );
  }

  async get(name: string): Promise<MemcachedCr | undefined> {
    const { group, version, plural, ns } = this;
    return (await this.custom
      .getNamespacedCustomObject({ group, version, namespace: ns, plural, name })
      .catch(() => undefined)) as MemcachedCr | undefined;
  }

  async deploymentReplicas(name: string): Promise<number | undefined> {
    return (await this.apps.readNamespacedDeployment({ name, namespace: this.ns }).catch(() => undefined))?.spec
      ?.replicas;
  }

  /**
   * What a user sees once a CR converged at `size`: the Deployment wants and has `size` ready
   * replicas, the CR says Available=True for its current generation and lists `size` pods.
   */
  async converged(name: string, size: number): Promise<boolean> {
    const [cr, dep] = await Promise.all([
      this.get(name),
      this.apps.readNamespacedDeployment({ name, namespace: this.ns }).catch(() => undefined),
    ]);
    if (cr === undefined || dep === undefined) return false;
    const available = cr.status?.conditions?.find((c) => c.type === 'Available');
    return (
      cr.spec.size === size &&
      dep.spec?.replicas === size &&
      (dep.status?.readyReplicas ?? 0) === size &&
      available?.status === 'True' &&
      available.observedGeneration === cr.metadata.generation &&
      (cr.status?.nodes?.length ?? -1) === size
    );
  }

  /** Deletes every Memcached; call while a controller still runs so its finalizer lets them go. */
  async deleteAll(timeoutMs = 60_000): Promise<void> {
    const { group, version, plural, ns } = this;
    await this.custom
      .deleteCollectionNamespacedCustomObject({ group, version, namespace: ns, plural })
      .catch(() => undefined);
    await eventually('the Memcacheds to be deleted', timeoutMs, async () =>
      (
        (await this.custom.listNamespacedCustomObject({ group, version, namespace: ns, plural })) as {
          items: unknown[];
        }
      ).items.length === 0
        ? true
        : undefined,
    ).catch(() => undefined);
  }

  /** Removes what install made; CRs left behind lose their finalizer first (no controller runs any more). */
  async remove(): Promise<void> {
    const { group, version, plural, ns } = this;
    const left = (
      (await this.custom
        .listNamespacedCustomObject({ group, version, namespace: ns, plural })
        .catch(() => ({ items: [] }))) as { items: MemcachedCr[] }
    ).items;
    for (const cr of left)
      await this.custom
        .patchNamespacedCustomObject(
          { group, version, namespace: ns, plural, name: cr.metadata.name, body: { metadata: { finalizers: null } } },
          mergePatch,
        )
        .catch(() => undefined);
    await this.ext.deleteCustomResourceDefinition({ name: this.crdName }).catch(() => undefined);
    await deleteIdentity(new CrdClient(this.kc), designIdentity(this.crdName, this.ns)).catch(() => undefined);
    await this.core.deleteNamespace({ name: ns }).catch(() => undefined);
    await this.db.$disconnect();
  }
}
