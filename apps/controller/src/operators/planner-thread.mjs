// The planner thread's entry (planner.ts): Node 20 gives a worker thread none of the main
// thread's module hooks, so this plain module registers tsx before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./planner.worker.ts');
