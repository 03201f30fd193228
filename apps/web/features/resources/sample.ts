// The object "Create from sample" starts from: the design's sample CR (the same one the designer's
// Sample tab shows) for a kind the studio installed, else a minimal object of the kind; named so
// it does not clash with an existing CR. Pure.
import { parseDesign } from '@opstudio/shared/design/io';
import { sampleResource } from '@opstudio/shared/manifests/index';
import type { ResourceKind } from './api-types';

export type SampleObject = Record<string, unknown> & { metadata: Record<string, unknown> & { name: string } };

export function sampleFor(
  kind: Pick<ResourceKind, 'group' | 'version' | 'kind' | 'singular'>,
  designYaml: string | null,
  taken: ReadonlySet<string>,
): SampleObject {
  let obj: Record<string, unknown> = {
    apiVersion: `${kind.group}/${kind.version ?? ''}`,
    kind: kind.kind,
    metadata: { name: `${kind.singular}-sample` },
    spec: {},
  };
  if (designYaml !== null) {
    const parsed = parseDesign(designYaml);
    if (parsed.ok) obj = sampleResource(parsed.design);
  }
  const metadata = { ...(obj.metadata as Record<string, unknown>) };
  delete metadata.namespace; // the page's namespace decides
  const base = typeof metadata.name === 'string' && metadata.name !== '' ? metadata.name : `${kind.singular}-sample`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  // the apiVersion the cluster serves for this kind, even if the design's sample names another
  return {
    ...obj,
    apiVersion: `${kind.group}/${kind.version ?? ''}`,
    kind: kind.kind,
    metadata: { ...metadata, name },
  };
}
