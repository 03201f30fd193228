// The CRD service behind the `crds` router and `opstudio install|uninstall`: install and
// uninstall as tracked operations (progress on `install:<operationId>`, the same steps returned
// when the call completes), the diff against the cluster, and the list of CRDs.
import type { KubeConfig } from '@kubernetes/client-node';
import { diffCrds, hasBreaking } from '@opstudio/shared/crd/diff';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { emitYaml, type YamlValue } from '@opstudio/shared/yaml/emit';
import type { JsonSchema } from '@opstudio/shared/kube/openapi-schema';
import type { DesignStore } from '../designs';
import { KindSchemas } from '../kube/kind-schemas';
import { NotFoundError } from '../errors';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import { CrdClient, conditionsOf } from './crd-client';
import { needsWebhook, withConversion, type ConversionEndpoint } from './conversion';
import { dryRun, runInstall, withDesignPaths, type DesignChange, type InstallInput } from './install';
import { authoredCrd, installedFrom, labelledCrd } from './labels';
import { InstallOperations, type OperationHandle } from './operations';
import type { InstallOperation } from './types';
import { installedCrds, runUninstall, type UninstallInput } from './uninstall';
import { previousCrd, type PreviousCrd } from './previous-crd';
import { designImpact, type DesignImpact } from './impact';
import { crdObject } from '@opstudio/shared/crd/generate';
import type { Design } from '@opstudio/shared/design/schema';
import type { AccessQuestion } from '../auth';

/** One page of each of the impact's lists; the summary and groups count them all. */
export interface ImpactPage extends DesignImpact {
  readonly designVersion: number;
  readonly counts: { readonly refused: number; readonly changed: number; readonly unchanged: number };
  readonly offset: number;
  readonly limit: number;
}

export interface CrdServiceOptions {
  readonly establishTimeoutMs?: number;
  readonly resourcesGoneTimeoutMs?: number;
  readonly crdGoneTimeoutMs?: number;
  /** Where each design's controller identity (a ServiceAccount) lives: the studio's Lease namespace (default `default`). */
  readonly identityNamespace?: string;
  /** The studio's conversion webhook as this cluster reaches it; absent: designs with conversion rules are refused. */
  readonly conversion?: ConversionEndpoint;
  /** Called after an install succeeded, before it answers (clusters/remembered.ts); reports its own failures. */
  readonly onInstalled?: () => Promise<void>;
}

export interface CrdSummary {
  readonly name: string;
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly scope: string;
  readonly versions: { readonly name: string; readonly served: boolean; readonly storage: boolean }[];
  readonly established: boolean;
  /** Set when the studio installed it: from which design, and which version is pinned. */
  readonly managed: {
    readonly designId: string;
    readonly designName: string | null;
    readonly designVersion: number | null;
  } | null;
}

export interface CrdDiff {
  readonly crdName: string;
  readonly designVersion: number;
  /** Null when no CRD of that name is installed. */
  readonly installed: { readonly designId: string | null; readonly designVersion: number | null } | null;
  /** The CRD this design installed under another name (its group, kind or domain changed since), if any. */
  readonly previous: PreviousCrd | null;
  readonly changes: readonly DesignChange[];
  readonly breaking: boolean;
  /** Why the server-side dry run failed, if it did (the diff then compares the generated CRD). */
  readonly dryRunError: string | null;
}

export type OperationResult<T> = T & { readonly operation: InstallOperation };

export class CrdService {
  readonly operations: InstallOperations;
  private readonly client: CrdClient;
  private readonly writers = new WeakMap<KubeConfig, CrdClient>();
  private readonly kindSchemas = new KindSchemas();

  constructor(
    private readonly kc: KubeConfig,
    private readonly designs: DesignStore,
    bus: LiveBus,
    private readonly opts: CrdServiceOptions = {},
  ) {
    this.client = new CrdClient(kc);
    this.operations = new InstallOperations(bus);
  }

  /** A served custom resource kind's schema for the children's checks; none when the cluster gives none. */
  private async schemaOf(apiVersion: string, kind: string): Promise<JsonSchema | undefined> {
    const answer = await this.kindSchemas.get(this.kc, { apiVersion, kind }, null);
    return answer.schema ?? undefined;
  }

  registerSnapshots(snapshots: SnapshotRegistry): void {
    this.operations.register(snapshots);
  }

  /**
   * Returns when the CRD is Established (or throws); every step is also published live. `as`: the
   * KubeConfig the dry run and the apply go out with (the user's, in multi-user mode).
   */
  async install(input: InstallInput & { operationId?: string | undefined }, as?: KubeConfig) {
    const op = this.operations.start('install', input.designId, input.operationId);
    const deps = {
      designs: this.designs,
      client: this.client,
      writer: this.writerFor(as),
      establishTimeoutMs: this.opts.establishTimeoutMs ?? 30_000,
      identityNamespace: this.opts.identityNamespace ?? 'default',
      schemaOf: (apiVersion: string, kind: string) => this.schemaOf(apiVersion, kind),
      conversion: this.opts.conversion,
    };
    const outcome = await tracked(op, () => runInstall(deps, input, op));
    await this.opts.onInstalled?.();
    return { operationId: op.id, ...outcome, operation: op.current };
  }

  /** `as`: the KubeConfig the deletes go out with (the user's, in multi-user mode). */
  async uninstall(input: UninstallInput & { operationId?: string | undefined }, as?: KubeConfig) {
    const op = this.operations.start('uninstall', input.designId, input.operationId);
    const deps = {
      client: this.client,
      writer: this.writerFor(as),
      resourcesGoneTimeoutMs: this.opts.resourcesGoneTimeoutMs ?? 60_000,
      crdGoneTimeoutMs: this.opts.crdGoneTimeoutMs ?? 60_000,
      identityNamespace: this.opts.identityNamespace ?? 'default',
    };
    const outcome = await tracked(op, async () => runUninstall(deps, input, await this.designName(input.designId), op));
    return { operationId: op.id, ...outcome, operation: op.current };
  }

  /** The design (latest version unless given) against the CRD of the same name in the cluster. */
  async diff(designId: string, version?: number): Promise<CrdDiff> {
    const { view, design } = await this.designs.load(designId, version);
    const crd = labelledCrd(design, view.id, view.version);
    // compared as Install would write it: with the webhook, where the cluster can call it
    if (needsWebhook(design) && this.opts.conversion?.unreachable === undefined)
      withConversion(crd, design, { designId: view.id, version: view.version, label: view.name }, this.opts.conversion);
    const installed = await this.client.read(crd.metadata.name);
    const base = { crdName: crd.metadata.name, designVersion: view.version };
    if (installed === undefined) {
      const previous = await previousCrd(this.client, designId, crd.metadata.name);
      return { ...base, installed: null, previous, changes: [], breaking: false, dryRunError: null };
    }
    let proposed: CustomResourceDefinition = crd;
    let dryRunError: string | null = null;
    try {
      proposed = await dryRun(this.client, crd, `design "${view.name}"`);
    } catch (err) {
      dryRunError = err instanceof Error ? err.message : String(err);
    }
    const changes = withDesignPaths(diffCrds(installed, proposed), crd);
    const from = installedFrom(installed);
    return {
      ...base,
      installed: { designId: from?.designId ?? null, designVersion: from?.designVersion ?? null },
      previous: null,
      changes,
      breaking: hasBreaking(changes),
      dryRunError,
    };
  }

  /**
   * What installing the design version would do to the custom resources already running
   * (install/impact.ts), one page of each list. `allow`: asked before the objects are read
   * (the user may list the kind; multi-user mode).
   */
  async impact(
    input: { designId: string; version?: number | undefined; offset?: number; limit?: number },
    allow: (q: AccessQuestion) => Promise<void>,
  ): Promise<ImpactPage> {
    const { view, design } = await this.designs.load(input.designId, input.version);
    const impact = await this.impactOf(design, allow);
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 50;
    const page = <T>(xs: readonly T[]) => xs.slice(offset, offset + limit);
    const r = impact.report;
    return {
      ...impact,
      designVersion: view.version,
      counts: { refused: r.refused.length, changed: r.changed.length, unchanged: r.unchanged.length },
      offset,
      limit,
      report: { ...r, refused: page(r.refused), changed: page(r.changed), unchanged: page(r.unchanged) },
    };
  }

  /** The whole impact of installing `design` (`opstudio plan`). */
  async impactOf(design: Design, allow?: (q: AccessQuestion) => Promise<void>): Promise<DesignImpact> {
    const crd = crdObject(design);
    await allow?.({ verb: 'list', group: crd.spec.group, resource: crd.spec.names.plural });
    return designImpact(
      {
        designs: this.designs,
        client: this.client,
        kc: this.kc,
        identityNamespace: this.opts.identityNamespace ?? 'default',
      },
      design,
    );
  }

  async list(): Promise<CrdSummary[]> {
    const [crds, designs] = await Promise.all([this.client.list(), this.designs.list()]);
    const names = new Map(designs.map((d) => [d.id, d.name]));
    return crds
      .map((crd) => {
        const from = installedFrom(crd);
        return {
          name: crd.metadata.name,
          group: crd.spec.group,
          kind: crd.spec.names.kind,
          plural: crd.spec.names.plural,
          scope: crd.spec.scope,
          versions: crd.spec.versions.map((v) => ({ name: v.name, served: v.served, storage: v.storage })),
          established: conditionsOf(crd).some((c) => c.type === 'Established' && c.status === 'True'),
          managed: from === null ? null : { ...from, designName: names.get(from.designId) ?? null },
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One CRD as YAML, as its author wrote it (authoredCrd): what "import from the cluster" reads. */
  async get(name: string): Promise<{ name: string; yaml: string }> {
    const crd = await this.client.read(name);
    if (crd === undefined) throw new NotFoundError(`no CRD named ${name} in the cluster`);
    return { name, yaml: emitYaml(authoredCrd(crd) as unknown as YamlValue) };
  }

  /** The CRD installed from this design, if any (asked before a design is deleted). */
  async installedCrdOf(designId: string): Promise<string | undefined> {
    return (await installedCrds(this.client, designId))[0]?.metadata.name;
  }

  /** One CrdClient per identity that writes (KubeIdentities keeps one KubeConfig per user). */
  private writerFor(as: KubeConfig | undefined): CrdClient {
    if (as === undefined || as === this.kc) return this.client;
    let client = this.writers.get(as);
    if (client === undefined) {
      client = new CrdClient(as);
      this.writers.set(as, client);
    }
    return client;
  }

  private async designName(designId: string): Promise<string> {
    try {
      return (await this.designs.get(designId)).name;
    } catch {
      return designId; // uninstalling a CRD whose design was deleted meanwhile still works
    }
  }
}

/** Runs an operation's body; a failure becomes the operation's last step before it propagates. */
async function tracked<T>(op: OperationHandle, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    op.fail(err);
    throw err;
  }
}
