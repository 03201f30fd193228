/**
 * `opstudio history <kind>/<name> [-n ns] [--watch] [-o json|yaml]`: the reconcile timeline of
 * one custom resource, from the studio's database (DATABASE_URL, else <data dir>/studio.db), the
 * rows the dashboard's timeline shows. `<kind>` is read like `opstudio get` reads it when a
 * cluster answers, else as the Kind (any case); when a cluster answers, only its runs are searched
 * (its id as the studio computes it: clusters/cluster-identity.ts; runs stored before clusters had
 * ids too), else every cluster's. `--watch` polls the database for newer runs
 * (docs/design/0028-cli.md says why not the live subscription). Exit codes: 0 shown, 1 no runs
 * for that object, 2 bad input, 3 the database failed.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { readClusterId } from '../clusters/cluster-identity';
import type { StudioDb } from '../db';
import { checkDb, openDb } from '../db';
import { loadConfig } from '../config';
import { toTimelineRun } from '../history/store';
import type { TimelineRun } from '../history/types';
import { parseOrExit } from './args';
import { connectCluster } from './cluster';
import { commandSpec, type OutputFormat } from './commands';
import { resolveKind } from './get-command';
import { historyHeader, runLine } from './history-table';
import { formatOutput, outputFormat, processIo } from './output';

const SPEC = commandSpec('history');
const DEFAULT_LIMIT = 50;

/** `history -o json|yaml`: the object and its runs, oldest first. With --watch, -o json adds one TimelineRun per line. */
export interface HistoryOutput {
  readonly object: { readonly kind: string; readonly namespace: string; readonly name: string; readonly uid: string };
  readonly runs: readonly TimelineRun[];
}

export interface HistoryOptions {
  readonly io?: typeof processIo;
  readonly databaseUrl?: string;
  /** Ends --watch (default: Ctrl-C). */
  readonly signal?: AbortSignal;
  readonly pollMs?: number;
}

class HistoryError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

interface ObjectQuery {
  readonly kind: string;
  readonly exact: boolean;
  /** The cluster whose runs to search; absent when no cluster answered (then every cluster's). */
  readonly clusterId?: string;
}

/**
 * The Kind a `<kind>` means: from the cluster's CRDs when one answers and knows it, else the word
 * itself (no cluster, or the CRD is gone: its runs are in the database all the same).
 */
async function kindName(query: string, flags: { kubeconfig?: string; context?: string }): Promise<ObjectQuery> {
  let cluster: { kc: KubeConfig; clusterId: string };
  try {
    const { kc, contextName } = await connectCluster(flags);
    // a fallback id means the cluster did not answer (or hides kube-system): search every cluster
    const id = await readClusterId(kc, contextName);
    if (id.fallback !== undefined) return { kind: query, exact: false };
    cluster = { kc, clusterId: id.id };
  } catch {
    return { kind: query, exact: false };
  }
  try {
    return { kind: (await resolveKind(cluster.kc, query)).kind, exact: true, clusterId: cluster.clusterId };
  } catch {
    return { kind: query, exact: false, clusterId: cluster.clusterId };
  }
}

/** The object's uid: its newest run's, among the runs of that kind, name (and namespace). */
async function findObject(
  db: StudioDb,
  kind: ObjectQuery,
  name: string,
  namespace: string | undefined,
): Promise<HistoryOutput['object']> {
  const rows = await db.reconcileRun.findMany({
    where: {
      name,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(kind.exact ? { kind: kind.kind } : {}),
      ...(kind.clusterId !== undefined ? { clusterId: { in: [kind.clusterId, ''] } } : {}),
    },
    orderBy: { id: 'desc' },
    distinct: ['objectUid'],
    select: { objectUid: true, kind: true, namespace: true },
    take: 20,
  });
  const ofKind = kind.exact ? rows : rows.filter((r) => r.kind.toLowerCase() === kind.kind.toLowerCase());
  const [newest] = ofKind;
  if (newest === undefined)
    throw new HistoryError(
      `no reconcile runs of ${kind.kind}/${name}${namespace !== undefined ? ` in namespace ${namespace}` : ''}: is its operator running in the studio?`,
      1,
    );
  const namespaces = new Set(ofKind.map((r) => r.namespace));
  if (namespace === undefined && namespaces.size > 1)
    throw new HistoryError(`${kind.kind}/${name} exists in namespaces ${[...namespaces].join(', ')}: pass -n`, 2);
  return { kind: newest.kind, namespace: newest.namespace, name, uid: newest.objectUid };
}

async function runsAfter(db: StudioDb, uid: string, afterId: number): Promise<TimelineRun[]> {
  const rows = await db.reconcileRun.findMany({
    where: { objectUid: uid, id: { gt: afterId } },
    orderBy: { id: 'asc' },
  });
  return rows.map(toTimelineRun);
}

function printRuns(io: typeof processIo, runs: readonly TimelineRun[], format: OutputFormat | undefined): void {
  for (const run of runs)
    io.stdout(
      format === 'json'
        ? `${JSON.stringify(run)}\n`
        : format === 'yaml'
          ? `---\n${formatOutput('yaml', run)}`
          : runLine(run),
    );
}

export async function historyCommand(args: string[], opts: HistoryOptions = {}): Promise<number> {
  const io = opts.io ?? processIo;
  const parsed = parseOrExit(SPEC, args, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values as {
    namespace?: string;
    watch?: true;
    limit?: string;
    kubeconfig?: string;
    context?: string;
  };
  const format = outputFormat(parsed.values);
  const target = parsed.positionals[0]!;
  const slash = target.indexOf('/');
  const limit = v.limit === undefined ? DEFAULT_LIMIT : Number(v.limit);
  if (slash <= 0 || slash === target.length - 1 || !Number.isInteger(limit) || limit < 1) {
    io.stderr(
      slash <= 0 || slash === target.length - 1
        ? `opstudio history: expected <kind>/<name>, e.g. memcached/memcached-sample, got '${target}'\n`
        : `opstudio history: --limit must be a positive whole number, got '${v.limit}'\n`,
    );
    return 2;
  }
  const db = openDb(opts.databaseUrl ?? loadConfig().databaseUrl);
  try {
    await checkDb(db);
    const kind = await kindName(target.slice(0, slash), v);
    const object = await findObject(db, kind, target.slice(slash + 1), v.namespace);
    const newest = await db.reconcileRun.findMany({
      where: { objectUid: object.uid },
      orderBy: { id: 'desc' },
      take: limit,
    });
    const runs = newest.reverse().map(toTimelineRun);
    if (format !== undefined && v.watch !== true) {
      const out: HistoryOutput = { object, runs };
      io.stdout(formatOutput(format, out));
      return 0;
    }
    if (format === undefined) {
      io.stdout(
        `${object.kind} ${object.namespace === '' ? '' : `${object.namespace}/`}${object.name} (uid ${object.uid})\n`,
      );
      io.stdout(historyHeader());
    }
    printRuns(io, runs, format);
    if (v.watch === true) await watch(db, object.uid, runs.at(-1)?.id ?? 0, (r) => printRuns(io, r, format), opts);
    return 0;
  } catch (err) {
    if (err instanceof HistoryError) {
      io.stderr(`opstudio history: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr(`opstudio history: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  } finally {
    await db.$disconnect();
  }
}

/** Polls for runs newer than `afterId` until the signal (or Ctrl-C) ends it. */
async function watch(
  db: StudioDb,
  uid: string,
  afterId: number,
  print: (runs: TimelineRun[]) => void,
  opts: HistoryOptions,
): Promise<void> {
  const stop = new AbortController();
  const onSigint = (): void => stop.abort();
  process.once('SIGINT', onSigint);
  opts.signal?.addEventListener('abort', onSigint, { once: true });
  try {
    let last = afterId;
    while (!stop.signal.aborted) {
      const runs = await runsAfter(db, uid, last);
      if (runs.length > 0) {
        print(runs);
        last = runs.at(-1)!.id;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.pollMs ?? 1000);
        stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}
