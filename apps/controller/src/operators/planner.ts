// Where a graph reconcile's pure step runs: plan() evaluates the design's CEL, and an
// expression can cost up to the API server's per-call limit, seconds as WebAssembly. On the
// manager's event loop that would stall every watch, reconcile and /healthz meanwhile, so the
// manager plans in one worker thread (planner.worker.ts) with its own CEL module, and awaits it.
// The design's own checks (validateDesign, which plans the sample too) run there, once per
// design version. Tests and single-design tools may plan inline.
import { Worker } from 'node:worker_threads';
import type { Design } from '@opstudio/shared/design/schema';
import { operandGraph } from '@opstudio/shared/graph/deploy-image-profile';
import {
  externalTargets,
  plan,
  type ExternalTarget,
  type ExternalValue,
  type KubeObject,
  type Plan,
  type PlanError,
} from '@opstudio/shared/graph/index';
import { validateDesign } from '@opstudio/shared/validate/design';

export interface PlanRequest {
  /** the design and a key naming this version of it (the worker keeps its analysis by key) */
  readonly design: Design;
  readonly designKey: string;
  readonly cr: KubeObject;
  /** each child by id (a collection's: its list of objects), and each external reference: its object or its list */
  readonly observed: ReadonlyMap<string, ExternalValue>;
  /** `apiVersion/kind` → namespaced, for each child and external kind of the design */
  readonly namespaced: Readonly<Record<string, boolean>>;
  /** why a waiting workload child waits, by child id (its first waiting pod, from the cache) */
  readonly waits?: Readonly<Record<string, string>>;
}

/** What the external references of the design name for one custom resource (read before planning). */
export type TargetsRequest = Omit<PlanRequest, 'observed' | 'waits'>;

export interface Planner {
  plan(req: PlanRequest): Promise<Plan>;
  externals(req: TargetsRequest): Promise<ExternalTarget[]>;
  close(): Promise<void>;
}

/** The design's own errors about its operand, as plan errors at their graph paths. */
export function operandErrors(design: Design): PlanError[] {
  return validateDesign(design)
    .filter((i) => i.severity === 'error' && i.path.startsWith('operand.'))
    .map((i) => ({ path: i.path.slice('operand.'.length), message: i.message }));
}

interface Prepared {
  readonly graph: ReturnType<typeof operandGraph>;
  readonly designErrors: readonly PlanError[];
}

/** A request that may name its design version only (the planner thread's, once it holds that version). */
export type Named<R extends TargetsRequest> = Omit<R, 'design'> & { readonly design?: Design };

export interface PlanHere {
  plan(req: Named<PlanRequest>): Plan;
  externals(req: Named<TargetsRequest>): ExternalTarget[];
  /** whether a request may name this design version without carrying it */
  holds(designKey: string): boolean;
}

/**
 * Plans on the calling thread, each design version checked once; `kept` versions are held (past
 * that the oldest goes, and a request for it must carry its design again).
 */
export function planHere(kept = 200): PlanHere {
  const cache = new Map<string, Prepared>();
  const prepare = (req: Named<TargetsRequest>): Prepared => {
    let prepared = cache.get(req.designKey);
    if (prepared === undefined) {
      if (req.design === undefined) throw new Error(`design version ${req.designKey} is not held here`);
      prepared = { graph: operandGraph(req.design), designErrors: operandErrors(req.design) };
      cache.set(req.designKey, prepared);
      if (cache.size > kept) cache.delete(cache.keys().next().value!);
    }
    return prepared;
  };
  const isNamespaced = (req: Named<TargetsRequest>) => (apiVersion: string, kind: string) =>
    req.namespaced[`${apiVersion}/${kind}`] ?? true;
  return {
    plan(req) {
      const prepared = prepare(req);
      return plan(prepared.graph, req.cr, req.observed, {
        isNamespaced: isNamespaced(req),
        designErrors: prepared.designErrors,
        ...(req.waits !== undefined ? { waits: req.waits } : {}),
      });
    },
    externals(req) {
      const prepared = prepare(req);
      // a design the checks refuse is never evaluated: plan() reports why
      if (prepared.designErrors.length > 0) return [];
      return externalTargets(prepared.graph, req.cr, isNamespaced(req));
    },
    holds: (designKey) => cache.has(designKey),
  };
}

export function inlinePlanner(): Planner {
  const run = planHere();
  return {
    plan: (req) => Promise.resolve().then(() => run.plan(req)),
    externals: (req) => Promise.resolve().then(() => run.externals(req)),
    close: () => Promise.resolve(),
  };
}

/**
 * The compiled controller (apps/controller/src/build/compile.ts) defines this: its own compiled
 * planner thread, relative to this file. From source the thread is planner-thread.mjs, which
 * runs planner.worker.ts through tsx.
 */
declare const OPSTUDIO_PLANNER_THREAD: string | undefined;
const plannerThread = (): URL =>
  new URL(
    typeof OPSTUDIO_PLANNER_THREAD === 'string' ? OPSTUDIO_PLANNER_THREAD : './planner-thread.mjs',
    import.meta.url,
  );

interface Pending {
  resolve(answer: Plan | ExternalTarget[]): void;
  reject(e: Error): void;
  /** the request, to send again with its design if the thread no longer holds that version */
  readonly message: Record<string, unknown> & { designKey?: unknown; design?: unknown };
}

/** A thread's answer: a plan or targets, an error, or a request for the design version named. */
export interface PlannerAnswer {
  readonly id: number;
  readonly answer?: Plan | ExternalTarget[];
  readonly error?: string;
  readonly needDesign?: true;
}

/** One worker thread, requests answered in order; a worker that dies fails what it held and is replaced. */
export function workerPlanner(opts: { designsKept?: number } = {}): Planner {
  let worker: Worker | undefined;
  let next = 1;
  const pending = new Map<number, Pending>();
  // the design versions the thread holds: a request names its version and carries the design only
  // the first time (a structured clone of the whole design per reconcile was most of a
  // request's cost on both threads)
  let held = new Set<string>();
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = undefined;
    held = new Set();
  };
  const post = (id: number, message: Pending['message']) => {
    const key = String(message.designKey);
    const withDesign = !held.has(key);
    held.add(key);
    const { design, ...rest } = message;
    started().postMessage(withDesign ? { id, ...rest, design } : { id, ...rest });
  };
  const started = (): Worker => {
    if (worker !== undefined) return worker;
    const w = new Worker(plannerThread(), { workerData: { designsKept: opts.designsKept ?? 200 } });
    w.unref();
    w.on('message', (m: PlannerAnswer) => {
      const p = pending.get(m.id);
      if (p !== undefined && m.needDesign === true) {
        held.delete(String(p.message.designKey));
        post(m.id, p.message);
        return;
      }
      pending.delete(m.id);
      if (p === undefined) return;
      if (m.answer !== undefined) p.resolve(m.answer);
      else p.reject(new Error(m.error ?? 'the planner failed'));
    });
    w.on('error', (err) => fail(err));
    w.on('exit', (code) => fail(new Error(`the planner thread exited (${code})`)));
    worker = w;
    return w;
  };
  const ask = <T extends Plan | ExternalTarget[]>(message: Record<string, unknown>): Promise<T> => {
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: (a) => resolve(a as T), reject, message });
      post(id, message);
    });
  };
  return {
    plan: (req) => ask<Plan>({ op: 'plan', ...req, observed: [...req.observed] }),
    externals: (req) => ask<ExternalTarget[]>({ op: 'externals', ...req }),
    async close() {
      const w = worker;
      worker = undefined;
      if (w !== undefined) await w.terminate();
    },
  };
}
