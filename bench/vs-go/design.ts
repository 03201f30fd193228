// The Memcached example design as both sides run it: a fixed API group per side (so the Go
// build is cached across runs and a failed run's leftovers are found by name) and `spec.size`
// allowed down to 0, so the memory workload can hold thousands of CRs whose Deployments want no
// pods (3 kwok nodes hold 1,500 pods; the controllers' own cost is the CR and its Deployment).
import { readFileSync } from 'node:fs';
import { parseDesign } from '../../packages/shared/src/design/io';
import type { Design } from '../../packages/shared/src/design/schema';

/** The embedded controller, the exported Go manager, kro's controller with the design's RGD. */
export type SideName = 'embedded' | 'go' | 'kro';

export const SIDE_LABEL: Record<SideName, string> = { embedded: 'embedded', go: 'Go', kro: 'kro' };

/** `vsgo-embedded.example.com` / `vsgo-go.example.com`; the namespace has the same first label. */
export function benchDesign(side: SideName): Design {
  const parsed = parseDesign(readFileSync(new URL('../../examples/memcached.design.yaml', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
  const design = structuredClone(parsed.design);
  const spec = design.crd.versions[0]?.schema?.fields?.find((f) => f.name === 'spec');
  const size = spec?.fields?.find((f) => f.name === 'size');
  if (size === undefined) throw new Error('the Memcached design has no spec.size');
  Object.assign(size, { minimum: 0 });
  return { ...design, crd: { ...design.crd, group: `vsgo-${side}` } };
}

export function sideNamespace(side: SideName): string {
  return `vsgo-${side}`;
}
