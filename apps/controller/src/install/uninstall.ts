// crds.uninstall: the CRDs labelled with the design → refuse while custom resources exist unless
// asked to delete them → delete them and wait until they are gone (their finalizers are run by
// the studio's controller, which keeps running meanwhile) → delete the CRD and wait until the
// API server no longer serves it, and delete its controller's identity (install/identity.ts).
// The controller-manager stops the kind's controller when the CRD goes.
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { NotFoundError, PreconditionError } from '../errors';
import type { CrdClient } from './crd-client';
import { designIdentity } from '@opstudio/shared/manifests/identity';
import { deleteIdentity } from './identity';
import { DESIGN_LABEL } from './labels';
import type { OperationHandle } from './operations';
import { waitForCrdGone, waitForResourcesGone } from './wait';

export interface UninstallInput {
  readonly designId: string;
  /** Only this one of the design's CRDs (the one it installed before a rename); default: all of them. */
  readonly crdName?: string | undefined;
  readonly deleteResources?: boolean | undefined;
}

export interface UninstallDeps {
  /** Lists and waits: the studio's own identity. */
  readonly client: CrdClient;
  /** The deletes: the user's identity (multi-user mode), so Kubernetes RBAC decides. */
  readonly writer: CrdClient;
  readonly resourcesGoneTimeoutMs: number;
  readonly crdGoneTimeoutMs: number;
  /** Where the design's controller identity lives (install/identity.ts). */
  readonly identityNamespace: string;
}

export async function installedCrds(client: CrdClient, designId: string): Promise<CustomResourceDefinition[]> {
  return client.list(`${DESIGN_LABEL}=${designId}`);
}

const idOf = (o: { metadata: { name: string; namespace?: string } }) =>
  o.metadata.namespace === undefined ? o.metadata.name : `${o.metadata.namespace}/${o.metadata.name}`;

export async function runUninstall(
  deps: UninstallDeps,
  input: UninstallInput,
  designName: string,
  op: OperationHandle,
): Promise<{ crdNames: string[]; deletedResources: number }> {
  const labelled = await installedCrds(deps.client, input.designId);
  const crds = input.crdName === undefined ? labelled : labelled.filter((c) => c.metadata.name === input.crdName);
  if (crds.length === 0 && input.crdName !== undefined) {
    throw new NotFoundError(`design "${designName}" did not install a CRD named ${input.crdName}`);
  }
  if (crds.length === 0) {
    throw new NotFoundError(
      `design "${designName}" is not installed (no CRD labelled ${DESIGN_LABEL}=${input.designId})`,
    );
  }
  op.describe({ crdName: crds.map((c) => c.metadata.name).join(', ') });
  // 1. refuse, or delete the custom resources first
  let deleted = 0;
  for (const crd of crds) {
    const kind = crd.spec.names.kind;
    const objects = await deps.client.listResources(crd);
    if (objects.length === 0) continue;
    if (input.deleteResources !== true) {
      const shown = objects.slice(0, 5).map(idOf).join(', ');
      throw new PreconditionError(
        `${objects.length} ${kind} object(s) exist (${shown}${objects.length > 5 ? ', …' : ''}): delete them first, or uninstall with deleteResources (CLI: --delete-resources)`,
      );
    }
    op.step('deleting-resources', `deleting ${objects.length} ${kind} object(s)`);
    for (const obj of objects) await deps.writer.deleteResource(crd, obj);
    await waitForResourcesGone(() => deps.client.listResources(crd), kind, deps.resourcesGoneTimeoutMs);
    deleted += objects.length;
    op.step('resources-deleted', `${objects.length} ${kind} object(s) deleted`);
  }
  // 2. the CRDs, then their controllers' identities (the finalizers above ran as them)
  for (const crd of crds) {
    await deps.writer.delete(crd.metadata.name);
    op.step('deleting', `deleting CRD ${crd.metadata.name}`);
    await waitForCrdGone(deps.client, crd.metadata.name, deps.crdGoneTimeoutMs);
    await deleteIdentity(deps.writer, designIdentity(crd.metadata.name, deps.identityNamespace));
  }
  const names = crds.map((c) => c.metadata.name);
  op.succeed('deleted', `CRD ${names.join(', ')} deleted`);
  return { crdNames: names, deletedResources: deleted };
}
