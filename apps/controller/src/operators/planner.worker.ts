// The manager's planner thread (planner.ts): starts its own CEL module, then answers plan
// requests in order. Pure work only: no Kubernetes client, no database.
import { parentPort, workerData } from 'node:worker_threads';
import { loadCel } from '@opstudio/cel/node';
import type { ExternalValue } from '@opstudio/shared/graph/index';
import { planHere, type Named, type PlannerAnswer, type PlanRequest, type TargetsRequest } from './planner';

// a request carries its design the first time the thread sees that version (planner.ts)
type Message =
  | (Named<Omit<PlanRequest, 'observed'>> & { id: number; op: 'plan'; observed: [string, ExternalValue][] })
  | (Named<TargetsRequest> & { id: number; op: 'externals' });

await loadCel();
// design versions kept; a request naming one let go is answered needDesign, and sent again with it
const run = planHere((workerData as { designsKept: number }).designsKept);
const answer = (a: PlannerAnswer) => parentPort?.postMessage(a);
parentPort?.on('message', (m: Message) => {
  try {
    if (m.design === undefined && !run.holds(m.designKey)) answer({ id: m.id, needDesign: true });
    else
      answer({
        id: m.id,
        answer: m.op === 'plan' ? run.plan({ ...m, observed: new Map(m.observed) }) : run.externals(m),
      });
  } catch (err) {
    answer({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
