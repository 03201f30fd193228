// The manager's planner thread (planner.ts): starts its own CEL module, then answers plan
// requests in order. Pure work only: no Kubernetes client, no database.
import { parentPort } from 'node:worker_threads';
import { loadCel } from '@opstudio/cel/node';
import type { ExternalValue } from '@opstudio/shared/graph/index';
import { planHere, type PlanRequest, type TargetsRequest } from './planner';

type Message =
  | (Omit<PlanRequest, 'observed'> & { id: number; op: 'plan'; observed: [string, ExternalValue][] })
  | (TargetsRequest & { id: number; op: 'externals' });

await loadCel();
const run = planHere();
parentPort?.on('message', (m: Message) => {
  try {
    const answer = m.op === 'plan' ? run.plan({ ...m, observed: new Map(m.observed) }) : run.externals(m);
    parentPort?.postMessage({ id: m.id, answer });
  } catch (err) {
    parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
