// The impact of installing a design version on the custom resources already running (issue 31,
// point 1; docs/design/0051-impact-before-install.md), as load → pure plan → dry run:
// 1. the installed CRD and the design version it was installed from (the studio's database);
// 2. every custom resource of the kind, read in pages at the installed storage version;
// 3. planImpact (packages/shared/src/impact): refused by the new CRD, children changed, unchanged;
//    and with conversion rules, each object through the draft's rules to every version and back;
// 4. each added or changed child server-side dry-run as the design's own identity
//    (docs/design/0037): never with the studio's or the user's wider rights, and nothing written.
import type { KubeConfig } from '@kubernetes/client-node';
import { celEngine } from '@opstudio/shared/cel/engine';
import { conversionPlan } from '@opstudio/shared/conversion/convert';
import { liveRoundTrips, type LiveRoundTrip } from '@opstudio/shared/conversion/live-round-trip';
import { crdObject } from '@opstudio/shared/crd/generate';
import type { CustomResourceDefinition, JSONSchemaProps } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';
import type { KubeObject } from '@opstudio/shared/graph/model';
import { planImpact, type ImpactReport, type ResourceImpact } from '@opstudio/shared/impact/index';
import { designIdentity } from '@opstudio/shared/manifests/identity';
import { actingAs } from '../auth/impersonation';
import type { DesignStore } from '../designs';
import { PreconditionError } from '../errors';
import { FIELD_MANAGER } from '../kube/field-manager';
import { KubeJson } from '../kube/json-client';
import { ObjectPaths } from '../kube/object-paths';
import type { CrdClient } from './crd-client';
import { installedFrom } from './labels';

/** Children dry-run per plan at most; beyond that the page says how many were not. */
export const DRY_RUN_MAX = 500;
const DRY_RUN_PARALLEL = 8;

export interface ImpactDeps {
  readonly designs: DesignStore;
  /** reads: the studio's identity */
  readonly client: CrdClient;
  /** the cluster, for the design identity's dry runs */
  readonly kc: KubeConfig;
  /** where the design identities live (the studio's Lease namespace) */
  readonly identityNamespace: string;
}

export interface ChildDryRun {
  readonly namespace?: string;
  readonly name: string;
  /** `Deployment web-001` */
  readonly child: string;
  readonly message: string;
}

export interface DesignImpact {
  readonly crdName: string;
  /** what is installed now; null when the CRD is not installed (nothing to plan) */
  readonly installed: { readonly designId: string; readonly designVersion: number } | null;
  /** the version the objects were read and validated at */
  readonly servedVersion: string | null;
  readonly report: ImpactReport;
  /**
   * The draft's conversion rules over every live object (each version and back, equal): null
   * when the draft has no conversion rules or no other version (docs/design/0053).
   */
  readonly roundTrip: LiveRoundTrip | null;
  readonly dryRun: {
    readonly checked: number;
    readonly failed: readonly ChildDryRun[];
    /** added or changed children not dry-run (beyond DRY_RUN_MAX) */
    readonly skipped: number;
    /** whose identity they ran as */
    readonly as: string;
  };
}

const emptyReport = (): ImpactReport => ({
  total: 0,
  refused: [],
  changed: [],
  unchanged: [],
  groups: [],
  summary: '0 resources: nothing to change',
  notes: [],
});

const schemaOf = (crd: CustomResourceDefinition, version: string): JSONSchemaProps | undefined =>
  crd.spec.versions.find((v) => v.name === version)?.schema?.openAPIV3Schema;

/** The impact of installing `draft` (its CRD named `crdName`) over what the cluster runs now. */
export async function designImpact(deps: ImpactDeps, draft: Design): Promise<DesignImpact> {
  const proposed = crdObject(draft);
  const crdName = proposed.metadata.name;
  const identity = designIdentity(crdName, deps.identityNamespace);
  // 1. what is installed, and from which design version
  const installed = await deps.client.read(crdName);
  const none = { checked: 0, failed: [], skipped: 0, as: identity.user };
  if (installed === undefined)
    return { crdName, installed: null, servedVersion: null, report: emptyReport(), roundTrip: null, dryRun: none };
  const from = installedFrom(installed);
  if (from === null || from.designVersion === null)
    throw new PreconditionError(
      `${crdName} was not installed by the studio (or has no design version): there is no installed design to compare the children with`,
    );
  const old = await deps.designs.load(from.designId, from.designVersion).catch(() => {
    throw new PreconditionError(
      `${crdName} was installed from design version ${from.designVersion}, which this studio's database does not hold`,
    );
  });
  const version = installed.spec.versions.find((v) => v.storage)?.name ?? installed.spec.versions[0]?.name ?? '';
  const before = schemaOf(installed, version);
  const after = schemaOf(proposed, version) ?? proposed.spec.versions.find((v) => v.storage)?.schema?.openAPIV3Schema;
  if (before === undefined || after === undefined)
    throw new PreconditionError(`${crdName}: version ${version} has no schema to validate against`);
  // 2. every live custom resource
  const objects = (await deps.client.listAllResources(installed, version)).map((o) => ({
    apiVersion: `${installed.spec.group}/${version}`,
    kind: installed.spec.names.kind,
    ...(o as unknown as KubeObject),
  }));
  // 3. the pure plan
  const engine = celEngine();
  if (engine === undefined) throw new Error('the CEL engine is not loaded (loadCel at start-up)');
  const report = planImpact({
    installed: { design: old.design, schema: before },
    draft: { design: draft, schema: after },
    objects,
    engine,
  });
  const roundTrip = draft.conversion === undefined ? null : liveRoundTrips(conversionPlan(draft), objects, version);
  // 4. the dry runs, as the design's identity
  const dryRun = await dryRunChildren(actingAs(deps.kc, { user: identity.user, groups: [] }), [
    ...report.refused,
    ...report.changed,
  ]);
  return {
    crdName,
    installed: { designId: from.designId, designVersion: from.designVersion },
    servedVersion: version,
    report: withoutObjects(report),
    roundTrip,
    dryRun: { ...dryRun, as: identity.user },
  };
}

async function dryRunChildren(
  as: KubeConfig,
  resources: readonly ResourceImpact[],
): Promise<{ checked: number; failed: ChildDryRun[]; skipped: number }> {
  const kube = new KubeJson(as);
  const paths = new ObjectPaths(kube);
  const work = resources.flatMap((r) =>
    r.children
      .filter((c) => c.object !== undefined)
      .map((c) => ({ r, label: `${c.kind} ${c.name}`, object: c.object! })),
  );
  const todo = work.slice(0, DRY_RUN_MAX);
  const failed: ChildDryRun[] = [];
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const { r, label, object } = todo[next++]!;
      try {
        await kube.request({
          method: 'PATCH',
          path: await paths.of(object as never),
          query: { fieldManager: FIELD_MANAGER, force: 'true', dryRun: 'All' },
          contentType: 'application/apply-patch+yaml',
          body: object,
          what: `dry-run apply ${label}`,
        });
      } catch (err) {
        failed.push({
          ...(r.namespace !== undefined ? { namespace: r.namespace } : {}),
          name: r.name,
          child: label,
          message: err instanceof Error ? err.message : String(err),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DRY_RUN_PARALLEL, todo.length) }, worker));
  failed.sort((a, b) => (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name));
  return { checked: todo.length, failed, skipped: work.length - todo.length };
}

/** The report as clients get it: the dry run's objects stay here. */
function withoutObjects(report: ImpactReport): ImpactReport {
  const strip = (r: ResourceImpact): ResourceImpact => ({
    ...r,
    children: r.children.map(({ object: _object, ...c }) => c),
  });
  return { ...report, refused: report.refused.map(strip), changed: report.changed.map(strip) };
}
