// The Web app example (examples/webapp.design.yaml; as kro runs it, bench/kro/webapp.rgd.yaml) as
// the vs-kro bench target: each side on its own API group (`vskro-embedded.example.com`,
// `vskro-go.example.com`, `vskro-kro.example.com`) and namespace. A CR of `spec(n)` asks for n
// replicas and sets no host and no extra ports, so it has three children: the ConfigMap, the
// Deployment and the Service (a PodDisruptionBudget too while n > 1: the latency edits add and
// drop it). An edit patches spec.replicas; the Deployment's spec.replicas follows. Ready: the
// Deployment's readyReplicas equal its replicas (the design's and the RGD's readyWhen), shown as
// Available=True by the studio and its export and as Ready=True by kro.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../../packages/shared/src/design/io';
import type { Design } from '../../packages/shared/src/design/schema';
import type { SideName } from '../vs-go/design';
import type { BenchTarget } from '../vs-go/target';
import { isSettled } from '../vs-go/tracker';

function webappDesign(side: SideName): Design {
  const parsed = parseDesign(readFileSync(new URL('../../examples/webapp.design.yaml', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
  return { ...parsed.design, crd: { ...parsed.design.crd, group: `vskro-${side}` } };
}

export const WEBAPP: BenchTarget = {
  design: webappDesign,
  namespace: (side) => `vskro-${side}`,
  plural: 'webapps',
  spec: (replicas) => ({ replicas }),
  sizeField: 'replicas',
  child: 'apps/v1/deployments',
  childName: (cr) => `${cr}-deployment`,
  applied: ['v1/configmaps', 'apps/v1/deployments', 'v1/services'],
  settled: isSettled,
  drained: ['apps/v1/deployments', 'v1/pods'],
  rgdFile: fileURLToPath(new URL('../kro/webapp.rgd.yaml', import.meta.url)),
};
