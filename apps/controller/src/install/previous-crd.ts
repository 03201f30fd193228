// A design whose group, kind or domain changed makes a CRD with a new name; the one it installed
// before stays in the cluster with its resources. Found by the design's label, so "Changes vs
// cluster" and install can name it (and how many resources it holds) instead of comparing with
// nothing or leaving it behind without a word.
import type { CrdClient } from './crd-client';
import { installedCrds } from './uninstall';

export interface PreviousCrd {
  readonly crdName: string;
  readonly kind: string;
  readonly resources: number;
}

/** The CRD this design installed under another name than `current`, if any. */
export async function previousCrd(client: CrdClient, designId: string, current: string): Promise<PreviousCrd | null> {
  const other = (await installedCrds(client, designId)).find((c) => c.metadata.name !== current);
  if (other === undefined) return null;
  const resources = (await client.listResources(other)).length;
  return { crdName: other.metadata.name, kind: other.spec.names.kind, resources };
}

/** What install says before making the new CRD (a refusal to confirm, like a breaking change). */
export function newCrdMessage(current: string, previous: PreviousCrd): string {
  const held =
    previous.resources === 0
      ? 'no resources'
      : `${previous.resources} ${previous.kind} resource${previous.resources === 1 ? '' : 's'}`;
  return `this version makes a new CRD ${current}; the design is installed as ${previous.crdName} (${held}), which installing leaves in place: uninstall it from "Changes vs cluster"`;
}
