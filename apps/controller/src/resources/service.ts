// The requests behind the `resources` router: list/get/create/patch/delete custom resources of
// any kind, plain JSON (the API server's own), with the checks the API server cannot make for us
// before a URL is built: the kind is served, a namespace is given exactly when the kind is
// namespaced, a body names the kind it is sent to. Errors from the API server propagate as
// KubeApiError and are translated once in api/errors.ts.
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { Editable } from '@opstudio/shared/resources/editable';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { compareByPlace, resourceRow } from '@opstudio/shared/resources/index';
import { InvalidInputError, NotFoundError } from '../errors';
import { isNotFound, KubeApiError } from '../kube/errors';
import { FIELD_MANAGER } from '../kube/field-manager';
import type { InformerCache } from '../kube/informer-cache';
import { KubeJson } from '../kube/json-client';
import { toResourceKind } from './kinds';
import type { KindsWatcher } from './kinds';
import { kindOverview, type KindOverview } from './overview';
import { preconditionOf, QUIET_RETRIES, quietRebase, withPrecondition } from './patch-rebase';
import { clean, normalizeBody, resourcePath, toObject, type Json } from './request-body';
import { searchCachedResources, type ResourceSearch, type SearchSource } from './search';
import type { ControllerInfo, CustomObject, PrinterColumn, ResourceKind, ResourceRow } from './types';
import { controllerName } from '@opstudio/shared/kube/controller-name';

export interface KindRef {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly namespace?: string | undefined;
}
export type ObjectRef = KindRef & { readonly name: string };
export type PatchStrategy = 'merge' | 'apply';
/** Writes go out with `as` (the user's impersonating KubeConfig in multi-user mode); default: the studio's own. */
export interface WriteOptions {
  readonly as?: KubeConfig | undefined;
  readonly dryRun?: boolean | undefined;
}
/** Whose list it is: keeps the items of the namespaces the reader may list (api/user-kube.ts). */
export interface ListReader {
  readable<T>(
    q: { group: string; resource: string },
    items: readonly T[],
    namespaceOf: (item: T) => string | undefined,
  ): Promise<T[]>;
}

/** The kinds' informers (KindWatches): what resources.list and resources.get answer from. */
export interface CachedRows {
  rows(
    ref: KindRef,
    fresh?: Freshness,
  ): Promise<{ items: readonly ResourceRow[]; resourceVersion: string } | undefined>;
  object(ref: ObjectRef, fresh?: Freshness): Promise<KubernetesObject | undefined>;
}
/** What the cache must have seen before it answers: the studio's last write to the kind. */
export interface Freshness {
  readonly resourceVersion?: string;
  readonly goneUid?: string;
}

const bad = (message: string) => new InvalidInputError(message);

export class ResourcesService {
  private readonly http: KubeJson;
  /** One KubeJson per identity that wrote (KubeIdentities keeps one KubeConfig per user). */
  private readonly writers = new WeakMap<KubeConfig, KubeJson>();
  /** Per kind (group/version/plural), the last write the studio made: a list waits for the cache to have it. */
  private readonly lastWrite = new Map<string, Freshness>();

  constructor(
    kc: KubeConfig,
    private readonly kindsWatcher: KindsWatcher,
    /** The shared informer cache: overview() reads the kinds it already watches from it. */
    private readonly informers?: InformerCache,
    /** Where resources.list and get read from; without it (or when it cannot answer in time) a request to the API server. */
    private readonly cached?: CachedRows,
  ) {
    this.http = new KubeJson(kc);
  }

  private writer(as: KubeConfig | undefined): KubeJson {
    if (as === undefined) return this.http;
    let http = this.writers.get(as);
    if (http === undefined) {
      http = new KubeJson(as);
      this.writers.set(as, http);
    }
    return http;
  }

  kinds(): Promise<ResourceKind[]> {
    return this.kindsWatcher.list();
  }

  /**
   * controllers.list: a controller per kind installed from a design, whether it runs in this
   * process (`manager.active`, by CRD name) and whether this replica holds the Lease.
   */
  async controllers(manager: {
    readonly active: readonly string[];
    readonly isLeader: boolean;
  }): Promise<{ leader: boolean; controllers: ControllerInfo[] }> {
    const kinds = await this.kinds();
    const active = new Set(manager.active);
    const controllers = kinds.flatMap((k) =>
      k.designId === null
        ? []
        : [
            {
              crdName: k.name,
              group: k.group,
              kind: k.kind,
              plural: k.plural,
              version: k.version,
              controller: controllerName(k.kind),
              designId: k.designId,
              designVersion: k.designVersion,
              established: k.established,
              running: active.has(k.name),
            },
          ],
    );
    return { leader: manager.isLeader, controllers };
  }

  /** The group/plural of a kind by its Kind name (and design), from the cache: KindsWatcher.findKind. */
  findKind(kind: string, designId: string | null): Promise<{ group: string; plural: string } | undefined> {
    return this.kindsWatcher.findKind(kind, designId);
  }

  /**
   * Read with the studio's identity. A list across all namespaces keeps the rows `reader` may list;
   * a list in one namespace was checked before it was asked for (api/procedures.ts kubeReadProcedure).
   */
  async list(
    ref: KindRef,
    reader?: ListReader,
  ): Promise<{ kind: string; resourceVersion: string; items: ResourceRow[] }> {
    const { kind, columns } = await this.resolve(ref, 'list');
    const key = kindKey(ref);
    const fresh = this.lastWrite.get(key);
    const fromCache = await this.cached?.rows(ref, fresh);
    if (fromCache !== undefined && this.lastWrite.get(key) === fresh) this.lastWrite.delete(key); // caught up
    const { rows, resourceVersion } =
      fromCache === undefined
        ? await this.listFromServer(ref, kind, columns)
        : { rows: fromCache.items, resourceVersion: fromCache.resourceVersion };
    // the cache's array is shared by every reader: the caller gets its own
    const items =
      reader === undefined || ref.namespace !== undefined
        ? [...rows]
        : await reader.readable({ group: ref.group, resource: ref.plural }, rows, (row) => row.namespace ?? undefined);
    return { kind: kind.name, resourceVersion, items };
  }

  private async listFromServer(
    ref: KindRef,
    kind: ResourceKind,
    columns: readonly PrinterColumn[],
  ): Promise<{ rows: readonly ResourceRow[]; resourceVersion: string }> {
    const list = await this.http.request<{ metadata?: { resourceVersion?: string }; items: unknown[] }>({
      method: 'GET',
      path: resourcePath(ref, kind),
    });
    const rows = list.items.map((o) => resourceRow(o, columns)).sort(compareByPlace);
    return { rows, resourceVersion: list.metadata?.resourceVersion ?? '' };
  }

  /** Notes a write the studio made, for the next list (see lastWrite). */
  private wrote(ref: KindRef, fresh: Freshness, dryRun: boolean | undefined): void {
    if (dryRun !== true) this.lastWrite.set(kindKey(ref), fresh);
  }

  /**
   * resources.overview: every kind the studio installed with its object count and health. Objects
   * come from an informer that already runs for the kind (no new watch is started), else from one
   * LIST; a kind that cannot be read says why instead of failing the whole answer. `reader` keeps
   * the objects of the namespaces the user may list, as list() does.
   */
  async overview(reader?: ListReader): Promise<KindOverview[]> {
    const kinds = (await this.kinds()).filter((k) => k.designId !== null && k.version !== null);
    const rows = await Promise.all(
      kinds.map(async (kind): Promise<KindOverview> => {
        const ref = { group: kind.group, version: kind.version ?? '', plural: kind.plural };
        try {
          const cached = this.informers?.peek({ group: ref.group, version: ref.version, resource: ref.plural });
          const items =
            cached === undefined
              ? (await this.list(ref)).items
              : cached.map((o) => resourceRow(o, [])).filter((r) => r.uid !== '');
          const visible =
            reader === undefined
              ? items
              : await reader.readable(
                  { group: ref.group, resource: ref.plural },
                  items,
                  (r) => r.namespace ?? undefined,
                );
          return kindOverview(kind, visible);
        } catch (err) {
          return kindOverview(kind, [], err instanceof Error ? err.message : String(err));
        }
      }),
    );
    return rows.sort((a, b) => a.kind.localeCompare(b.kind) || a.group.localeCompare(b.group));
  }

  /** resources.search (./search.ts): names of the cached objects only; starts no informer. */
  async search(input: { text: string; limit: number }, reader?: ListReader): Promise<ResourceSearch> {
    const peek: SearchSource['peek'] = (spec) => this.informers?.peek(spec);
    return searchCachedResources({ kinds: await this.kinds(), peek }, input, reader);
  }

  /**
   * From the kind's informer (KindWatches.object: the lease a live table or the CR page holds, else
   * one taken for the linger time, as list() does) once it has the studio's last write; a GET to
   * the API server only when the cache cannot answer in time or does not hold the object (so a
   * missing one is worded by the API server, as always).
   */
  async get(ref: ObjectRef): Promise<CustomObject> {
    const { kind } = await this.resolve(ref, 'item');
    const cached = await this.cached?.object(ref, this.lastWrite.get(kindKey(ref)));
    if (cached !== undefined) return clean(cached as Json);
    return clean(await this.http.request<Json>({ method: 'GET', path: resourcePath(ref, kind, ref.name) }));
  }

  async create(ref: KindRef, body: unknown, opts: WriteOptions = {}): Promise<CustomObject> {
    const { kind } = await this.resolve(ref, 'item');
    const obj = normalizeBody(ref, kind, toObject(body, 'body'), undefined);
    const query = { dryRun: opts.dryRun === true ? 'All' : undefined, fieldManager: FIELD_MANAGER };
    const created = clean(
      await this.writer(opts.as).request<Json>({ method: 'POST', path: resourcePath(ref, kind), body: obj, query }),
    );
    this.wrote(ref, { resourceVersion: created.metadata.resourceVersion ?? '' }, opts.dryRun);
    return created;
  }

  async patch(
    ref: ObjectRef,
    strategy: PatchStrategy,
    patch: unknown,
    opts: WriteOptions & {
      force?: boolean | undefined;
      /** A merge patch's base (editableOf): a 409 over a write that kept it is retried (./patch-rebase.ts). */
      base?: Editable | undefined;
    } = {},
  ): Promise<CustomObject> {
    const { kind } = await this.resolve(ref, 'item');
    const raw = toObject(patch, 'patch');
    // Either way a body that names another object is refused here (a merge patch blanking
    // apiVersion gets a 500 from the API server). merge: exactly what the user sent (null
    // deletes); apply: the object as the user wants it.
    const normalized = normalizeBody(ref, kind, raw, ref.name);
    let body = strategy === 'apply' ? normalized : raw;
    const query = {
      fieldManager: FIELD_MANAGER,
      dryRun: opts.dryRun === true ? 'All' : undefined,
      force: strategy === 'apply' && opts.force === true ? 'true' : undefined,
    };
    const contentType = strategy === 'apply' ? 'application/apply-patch+yaml' : 'application/merge-patch+json';
    const path = resourcePath(ref, kind, ref.name);
    const http = this.writer(opts.as);
    const { base } = opts;
    const rebase = strategy === 'merge' && base !== undefined && preconditionOf(raw) !== undefined;
    let patched: CustomObject | undefined;
    for (let attempt = 0; patched === undefined; attempt++) {
      const request = { method: 'PATCH' as const, path, body, query, contentType };
      try {
        patched = clean(await http.request<Json>(request));
      } catch (err) {
        // only status moved on since the base: the same edit at the live version (read as the writer)
        const live =
          rebase && attempt < QUIET_RETRIES
            ? await quietRebase(err, base, async () => clean(await http.request<Json>({ method: 'GET', path })))
            : undefined;
        if (live !== undefined) {
          body = withPrecondition(raw, live);
          continue;
        }
        // Fields the studio itself set by create or merge patch (an Update by `operator-studio`) are the
        // user's own: taking them over is what they mean. A conflict with anyone else is theirs to decide.
        if (strategy !== 'apply' || !onlyOwnConflicts(err)) throw err;
        patched = clean(await http.request<Json>({ ...request, query: { ...query, force: 'true' } }));
      }
    }
    this.wrote(ref, freshnessAfter(patched), opts.dryRun);
    return patched;
  }

  async delete(
    ref: ObjectRef,
    opts: { as?: KubeConfig | undefined; propagationPolicy?: 'Background' | 'Foreground' | 'Orphan' | undefined } = {},
  ): Promise<{ status: 'deleted' | 'finalizing'; object: CustomObject | null }> {
    const { kind } = await this.resolve(ref, 'item');
    const propagationPolicy = opts.propagationPolicy;
    const body =
      propagationPolicy === undefined ? undefined : { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy };
    const answer = await this.writer(opts.as).request<Json>({
      method: 'DELETE',
      path: resourcePath(ref, kind, ref.name),
      body,
    });
    if (answer.kind === 'Status') {
      const uid = (answer.details as { uid?: unknown } | undefined)?.uid;
      if (typeof uid === 'string') this.wrote(ref, { goneUid: uid }, false);
      return { status: 'deleted', object: null };
    }
    const object = clean(answer);
    this.wrote(ref, freshnessAfter(object), false);
    const finalizing = object.metadata.deletionTimestamp !== undefined && (object.metadata.finalizers?.length ?? 0) > 0;
    return { status: finalizing ? 'finalizing' : 'deleted', object };
  }

  /** The CRD-served kind at this group/version/plural, or undefined: no CustomResourceDefinition serves it. */
  async servedKind(ref: KindRef): Promise<{ kind: ResourceKind; columns: PrinterColumn[] } | undefined> {
    await this.kindsWatcher.waitForSync(10_000);
    return this.kindsWatcher.find(ref.group, ref.version, ref.plural) ?? (await this.readKind(ref));
  }

  /** The kind serving this group/version/plural, checked against the namespace rule. */
  private async resolve(
    ref: KindRef,
    what: 'list' | 'item',
  ): Promise<{ kind: ResourceKind; columns: PrinterColumn[] }> {
    const found = await this.servedKind(ref);
    if (found === undefined) {
      throw new NotFoundError(
        `no kind ${ref.plural}.${ref.group}/${ref.version} is served by the cluster: install its CRD first (resources.kinds lists what is there)`,
      );
    }
    const { kind } = found;
    if (kind.scope === 'Cluster' && ref.namespace !== undefined)
      throw bad(`${kind.kind} is cluster-scoped: leave out namespace`);
    if (kind.scope === 'Namespaced' && ref.namespace === undefined && what === 'item')
      throw bad(`${kind.kind} is namespaced: pass namespace`);
    return found;
  }

  /** The informer may not have seen a CRD installed a moment ago: ask the API server. */
  private async readKind(ref: KindRef): Promise<{ kind: ResourceKind; columns: PrinterColumn[] } | undefined> {
    try {
      const crd = await this.http.request<CustomResourceDefinition>({
        method: 'GET',
        path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${encodeURIComponent(`${ref.plural}.${ref.group}`)}`,
      });
      const v = crd.spec.versions.find((x) => x.name === ref.version && x.served);
      if (v === undefined) return undefined;
      const kind = toResourceKind(crd);
      return {
        kind,
        columns:
          kind.version === ref.version
            ? [...kind.printerColumns]
            : (v.additionalPrinterColumns ?? []).map((c) => ({ ...c, priority: c.priority ?? 0 })),
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }
}

function onlyOwnConflicts(err: unknown): boolean {
  if (!(err instanceof KubeApiError) || err.code !== 409) return false;
  const causes = err.causes;
  return (
    causes.length > 0 &&
    causes.every(
      (c) => c.reason === 'FieldManagerConflict' && (c.message ?? '').startsWith(`conflict with "${FIELD_MANAGER}"`),
    )
  );
}

const kindKey = (ref: KindRef): string => `${ref.group}/${ref.version}/${ref.plural}`;

/**
 * What the cache must have seen before it may answer for `object` as a write returned it. A write
 * that took the last finalizer off an object being deleted returns it as it was, resourceVersion
 * and all, while the API server removes it: the cache must also have seen it go, or a read right
 * after would still find it.
 */
function freshnessAfter(object: CustomObject): Freshness {
  const { resourceVersion = '', deletionTimestamp, finalizers, uid } = object.metadata;
  const gone = deletionTimestamp !== undefined && (finalizers?.length ?? 0) === 0 && uid !== undefined;
  return gone ? { resourceVersion, goneUid: uid } : { resourceVersion };
}
