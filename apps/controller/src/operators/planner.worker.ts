// The manager's planner thread (planner.ts): starts its own CEL module, then answers plan
// requests in order. Pure work only: no Kubernetes client, no database.
import { parentPort } from 'node:worker_threads';
import { loadCel } from '@opstudio/cel/node';
import type { KubeObject } from '@opstudio/shared/graph/index';
import { planHere, type PlanRequest } from './planner';

type Message = Omit<PlanRequest, 'observed'> & { id: number; observed: [string, KubeObject | undefined][] };

await loadCel();
const run = planHere();
parentPort?.on('message', (m: Message) => {
  try {
    const plan = run({ ...m, observed: new Map(m.observed) });
    parentPort?.postMessage({ id: m.id, plan });
  } catch (err) {
    parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
