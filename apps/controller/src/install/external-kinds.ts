// Install refuses a design whose external references name a kind the cluster does not serve
// (shared/validate/external-kinds.ts), asking discovery for each group version they name, before
// anything is applied.
import type { Design } from '@opstudio/shared/design/schema';
import { unservedExternalKinds } from '@opstudio/shared/validate/external-kinds';
import { InvalidInputError } from '../errors';
import type { CrdClient } from './crd-client';

export async function refuseUnservedExternals(
  client: Pick<CrdClient, 'servedKinds'>,
  design: Design,
  label: string,
): Promise<void> {
  const refs = design.operand?.externalRefs ?? [];
  if (refs.length === 0) return;
  const kinds = new Map<string, ReadonlySet<string>>();
  for (const apiVersion of new Set(refs.map((r) => r.apiVersion)))
    kinds.set(apiVersion, await client.servedKinds(apiVersion));
  const issues = unservedExternalKinds(design, (apiVersion, kind) => kinds.get(apiVersion)?.has(kind));
  if (issues.length > 0)
    throw new InvalidInputError(
      `${label} reads a kind the cluster does not serve; fix it before installing`,
      issues.map((i) => ({ field: i.path, message: i.message })),
    );
}
