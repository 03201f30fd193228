// crds.install, as numbered phases: load the design version → validate (and every kind a child or
// an external reference names is served, the sample's children fit their kinds' schemas) → label the generated
// CRD → server-side dry run (its field errors mapped to the design), and of the controller's
// identity (install/identity.ts: may this user grant the design's rules?) → the breaking-change
// diff against the installed CRD and the sensitive permissions (refused unless confirmed) →
// apply the identity, then the CRD → wait until the API server has accepted the names and serves
// the kind. Each phase is a step on the operation.
import { diffCrds, type Change } from '@opstudio/shared/crd/diff';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';
import { designPermissions, designReach, permissionText, reachNotes } from '@opstudio/shared/manifests/identity';
import { designIssuePath } from '@opstudio/shared/validate/design-paths';
import { validateForInstall, type DesignStore } from '../designs';
import { PreconditionError, UnprocessableError, type FieldCause } from '../errors';
import { KubeApiError } from '../kube/errors';
import type { CrdClient } from './crd-client';
import { designPathOfServerField } from './field-paths';
import { providersOf, refuseClusterIssues, type KindSource } from './cluster-kinds';
import { applyIdentity, identityPlan } from './identity';
import { withConversion, type ConversionEndpoint } from './conversion';
import { installedFrom, labelledCrd } from './labels';
import { newCrdMessage, previousCrd } from './previous-crd';
import type { OperationHandle } from './operations';
import { waitForEstablished } from './wait';

export interface InstallInput {
  readonly designId: string;
  readonly version?: number | undefined;
  readonly confirmBreaking?: boolean | undefined;
  /** The design's controller may write RBAC, Secrets, Namespaces or cluster-scoped kinds: the user has seen that. */
  readonly confirmPermissions?: boolean | undefined;
}

/** A difference from the installed CRD, with where it is in the design. */
export interface DesignChange extends Change {
  readonly designPath: string;
}

export interface InstallDeps {
  readonly designs: DesignStore;
  /** Reads and waits: the studio's own identity. */
  readonly client: CrdClient;
  /** The dry run and the apply: the user's identity (multi-user mode), so Kubernetes RBAC decides. */
  readonly writer: CrdClient;
  readonly establishTimeoutMs: number;
  /** Where the design's controller identity (its ServiceAccount) lives: the studio's Lease namespace. */
  readonly identityNamespace: string;
  /** The cluster's schema of a custom-resource child kind (OpenAPI v3), for the children's checks. */
  readonly schemaOf?: KindSource['schemaOf'];
  /** The studio's conversion webhook as this cluster reaches it (install/conversion.ts). */
  readonly conversion?: ConversionEndpoint | undefined;
}

const versionNames = (crd: CustomResourceDefinition) => crd.spec.versions.map((v) => v.name);

export function withDesignPaths(changes: readonly Change[], crd: CustomResourceDefinition): DesignChange[] {
  return changes.map((c) => ({ ...c, designPath: designIssuePath(c.path, versionNames(crd)) }));
}

/** The server's view of the CRD after applying it, without applying it; field errors point into the design. */
export async function dryRun(
  client: CrdClient,
  crd: CustomResourceDefinition,
  label: string,
): Promise<CustomResourceDefinition> {
  try {
    return await client.apply(crd, true);
  } catch (err) {
    if (!(err instanceof KubeApiError) || (err.code !== 422 && err.code !== 400)) throw err;
    const causes: FieldCause[] = err.causes.map((c) => ({
      field: c.field === undefined ? '' : designPathOfServerField(c.field, versionNames(crd)),
      message: c.message ?? c.reason ?? 'invalid',
      ...(c.reason === undefined ? {} : { reason: c.reason }),
    }));
    if (causes.length === 0) causes.push({ field: '', message: err.message });
    throw new UnprocessableError(`the API server refused the CRD of ${label} (dry run)`, causes, { cause: err });
  }
}

/** Breaking changes, plus taking over a CRD that another design installed. */
async function refusals(
  changes: readonly DesignChange[],
  installed: CustomResourceDefinition,
  designId: string,
  designs: DesignStore,
): Promise<FieldCause[]> {
  const out: FieldCause[] = changes
    .filter((c) => c.severity === 'breaking')
    .map((c) => ({ field: c.designPath, message: c.message, reason: c.rule }));
  const owner = installedFrom(installed);
  if (owner !== null && owner.designId !== designId) {
    const name = await designs.nameOf(owner.designId);
    const from =
      name !== undefined
        ? `the design "${name}"${owner.designVersion !== null ? ` (revision ${owner.designVersion})` : ''}`
        : 'a design that has since been deleted';
    out.unshift({
      field: 'crd',
      message: `installed from ${from}: installing replaces it`,
      reason: 'ownership',
    });
  }
  return out;
}

export interface InstallOutcome {
  readonly crdName: string;
  readonly designVersion: number;
  readonly changes: readonly DesignChange[];
}

export async function runInstall(deps: InstallDeps, input: InstallInput, op: OperationHandle): Promise<InstallOutcome> {
  // 1. the design version
  const { view, design } = await deps.designs.load(input.designId, input.version);
  const label = `design "${view.name}" version ${view.version}`;
  validateForInstall(design, label);
  const others = async () => providersOf((await deps.designs.list()).filter((d) => d.id !== view.id));
  await refuseClusterIssues(
    { servedKinds: (v) => deps.client.servedKinds(v), schemaOf: deps.schemaOf },
    design,
    others,
    label,
  );
  const crd = labelledCrd(design, view.id, view.version);
  withConversion(crd, design, { designId: view.id, version: view.version, label }, deps.conversion);
  const name = crd.metadata.name;
  op.describe({ crdName: name, designVersion: view.version });
  // 2. dry run of the CRD and of the controller's identity, then what changes against the installed CRD
  const proposed = await dryRun(deps.writer, crd, label);
  const identity = identityPlan(design, view.id, name, deps.identityNamespace);
  await applyIdentity(deps.writer, identity, true);
  const installed = await deps.client.read(name);
  const changes = installed === undefined ? [] : withDesignPaths(diffCrds(installed, proposed), crd);
  const refused = installed === undefined ? [] : await refusals(changes, installed, view.id, deps.designs);
  if (installed === undefined) {
    const previous = await previousCrd(deps.client, view.id, name);
    if (previous !== null) refused.push({ field: 'crd', message: newCrdMessage(name, previous), reason: 'new-crd' });
  }
  const breaking = refused.length;
  op.step(
    'dry-run',
    installed === undefined
      ? `dry run accepted: ${name} is new`
      : `dry run accepted: ${changes.length} change(s) to the installed CRD, ${breaking} breaking`,
  );
  const asked = input.confirmPermissions === true ? [] : sensitivePermissions(design);
  if ((breaking > 0 && input.confirmBreaking !== true) || asked.length > 0) {
    const shown = input.confirmBreaking === true ? [] : refused;
    throw new PreconditionError(
      shown.length === 0
        ? `${label}: its controller asks for permissions to review; confirm to install anyway`
        : installed === undefined
          ? `${label}: ${refused[0]?.message ?? ''}; confirm to install anyway`
          : `${label} would make ${breaking} breaking change(s) to CRD ${name}; review them and confirm to install anyway`,
      [...shown, ...asked],
    );
  }
  // 3. apply the identity, then the CRD, then wait until the kind is served
  await applyIdentity(deps.writer, identity, false);
  op.step(
    'identity',
    `the controller acts as ServiceAccount ${identity.identity.namespace}/${identity.identity.serviceAccount}, bound to ClusterRole ${identity.identity.roleName}`,
  );
  await deps.writer.apply(crd, false);
  op.step('applied', `server-side applied ${name} as operator-studio (${label})`);
  await waitForEstablished(deps.client, name, deps.establishTimeoutMs, async (cond) => {
    if (cond === 'NamesAccepted') return op.step(cond, `the API server accepted the names of ${name}`);
    // after an update the server answers 429 while it re-initializes the kind's storage: report
    // Established once a request for the objects works (the client retries those 429s)
    await deps.client.listResources(crd, 1);
    op.succeed(cond, `${name} is established: ${crd.spec.names.kind} objects can be created`);
  });
  return { crdName: name, designVersion: view.version, changes };
}

/** The permissions a person confirms before the controller gets them, at the design's RBAC preview. */
function sensitivePermissions(design: Design): FieldCause[] {
  const rules = designPermissions(design)
    .filter((p) => p.sensitive !== undefined)
    .map((p) => ({
      field: 'rbac',
      message: `the controller ${p.sensitive ?? ''}: ${permissionText(p)}${p.clusterScoped ? ' (cluster-scoped)' : ''}`,
      reason: 'permissions',
    }));
  // where it writes beyond its custom resource's namespace (docs/design/0039)
  const reach = reachNotes(designReach(design)).map((note) => ({
    field: 'rbac',
    message: `the controller ${note}`,
    reason: 'permissions',
  }));
  return [...reach, ...rules];
}
