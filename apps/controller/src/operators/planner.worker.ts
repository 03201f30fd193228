// The manager's planner thread (planner.ts): starts its own CEL module, then answers plan
// requests in order. Pure work only: no Kubernetes client, no database.
import { parentPort, workerData } from 'node:worker_threads';
import { loadCel } from '@opstudio/cel/node';
import type { ExternalValue } from '@opstudio/shared/graph/index';
import type { Design } from '@opstudio/shared/design/schema';
import { planHere, type PlannerAnswer, type PlanRequest, type TargetsRequest } from './planner';

// a request carries its design the first time the thread sees that version (planner.ts)
type Sent<R> = Omit<R, 'design'> & { design?: Design };
type Message =
  | (Sent<Omit<PlanRequest, 'observed'>> & { id: number; op: 'plan'; observed: [string, ExternalValue][] })
  | (Sent<TargetsRequest> & { id: number; op: 'externals' });

/** Design versions kept; past this many the oldest go, and a request for one asks for it again. */
const designsKept = (workerData as { designsKept: number }).designsKept;

await loadCel();
const run = planHere();
const designs = new Map<string, Design>();
const answer = (a: PlannerAnswer) => parentPort?.postMessage(a);
parentPort?.on('message', (m: Message) => {
  try {
    if (m.design !== undefined) {
      designs.delete(m.designKey);
      designs.set(m.designKey, m.design);
      if (designs.size > designsKept) designs.delete(designs.keys().next().value!);
    }
    const design = designs.get(m.designKey);
    if (design === undefined) {
      answer({ id: m.id, needDesign: true });
      return;
    }
    const result =
      m.op === 'plan' ? run.plan({ ...m, design, observed: new Map(m.observed) }) : run.externals({ ...m, design });
    answer({ id: m.id, answer: result });
  } catch (err) {
    answer({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
