// A pod's container logs, read as the user (`as`: the impersonating config in multi-user mode, so
// RBAC's `pods/log` decides): the containers to pick from, the current text (view or download),
// and a follow that yields batches of whole lines until the caller aborts or the container stops.
import { PassThrough } from 'node:stream';
import { CoreV1Api, Log, type KubeConfig, type LogOptions } from '@kubernetes/client-node';
import { MAX_DOWNLOAD_BYTES, type LogStart } from '@opstudio/shared/pod-logs/options';
import { comparableTime, splitLines, splitTimestamp } from '@opstudio/shared/pod-logs/lines';
import { InvalidInputError, NotFoundError } from '../errors';
import { asKubeApiError } from '../kube/errors';

export interface PodLogRef {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
}

export interface PodLogRequest extends PodLogRef {
  readonly previous: boolean;
  readonly start: LogStart;
  readonly limitBytes?: number | undefined;
}

export interface PodContainers {
  readonly phase: string;
  readonly containers: readonly string[];
  readonly initContainers: readonly string[];
}

function startOptions(start: LogStart): Pick<LogOptions, 'tailLines' | 'sinceSeconds'> {
  if ('tailLines' in start) return { tailLines: start.tailLines };
  if ('sinceSeconds' in start) return { sinceSeconds: start.sinceSeconds };
  return {};
}

/** The refusals a log reader meets, worded for the view; anything else goes to api/errors.ts. */
function logFailure(err: unknown, ref: PodLogRef, previous: boolean): unknown {
  const kube = asKubeApiError(err);
  if (kube?.code === 404)
    return new NotFoundError(`pod ${ref.namespace}/${ref.pod} no longer exists`, [], { cause: err });
  if (kube?.code === 400) {
    const why = kube.status?.message ?? 'the container has no logs';
    const hint = previous ? ' (no previous run: the container has not restarted)' : '';
    return new InvalidInputError(`${why}${hint}`, [], { cause: err });
  }
  return err;
}

export async function podContainers(as: KubeConfig, namespace: string, pod: string): Promise<PodContainers> {
  try {
    const p = await as.makeApiClient(CoreV1Api).readNamespacedPod({ namespace, name: pod });
    return {
      phase: p.status?.phase ?? 'Unknown',
      containers: (p.spec?.containers ?? []).map((c) => c.name),
      initContainers: (p.spec?.initContainers ?? []).map((c) => c.name),
    };
  } catch (err) {
    throw logFailure(err, { namespace, pod, container: '' }, false);
  }
}

/** The log text as it is now (no follow), at most `limitBytes` (a download: the 10 MiB cap). */
export async function readPodLog(as: KubeConfig, req: PodLogRequest): Promise<{ text: string; truncated: boolean }> {
  const limitBytes = Math.min(req.limitBytes ?? MAX_DOWNLOAD_BYTES, MAX_DOWNLOAD_BYTES);
  try {
    const text = await as.makeApiClient(CoreV1Api).readNamespacedPodLog({
      namespace: req.namespace,
      name: req.pod,
      container: req.container,
      previous: req.previous,
      limitBytes,
      ...startOptions(req.start),
    });
    return { text, truncated: Buffer.byteLength(text) >= limitBytes };
  } catch (err) {
    throw logFailure(err, req, req.previous);
  }
}

/** A batch of followed lines and the time of the last one (its resume point). */
export interface FollowedLines {
  readonly lines: string[];
  readonly last: string | undefined;
}

/**
 * Follows the log: the start's lines first, then new ones as the kubelet writes them, in batches
 * (one per chunk the API server sends), until `signal` aborts or the stream closes. With `after`
 * (a reconnect's last seen time) it resumes there instead: the API server's `sinceTime` has
 * whole seconds, so lines up to `after` are dropped here.
 */
export async function* followPodLog(
  as: KubeConfig,
  req: PodLogRequest,
  signal: AbortSignal,
  after?: string,
): AsyncGenerator<FollowedLines> {
  // the follow request's refusals arrive without the API server's message: ask once without follow
  await readPodLog(as, { ...req, start: { tailLines: 1 }, limitBytes: 1 });
  const out = new PassThrough();
  let request: AbortController;
  try {
    request = await new Log(as).log(req.namespace, req.pod, req.container, out, {
      follow: true,
      timestamps: true,
      previous: req.previous,
      ...(req.limitBytes ? { limitBytes: req.limitBytes } : {}),
      ...(after ? { sinceTime: after.replace(/\.\d+Z$/, 'Z') } : startOptions(req.start)),
    });
  } catch (err) {
    throw logFailure(err, req, req.previous);
  }
  const stop = () => {
    request.abort();
    out.destroy();
  };
  signal.addEventListener('abort', stop, { once: true });
  let seen = after === undefined ? undefined : comparableTime(after);
  const batch = (raw: string[]): FollowedLines | undefined => {
    const lines: string[] = [];
    let last: string | undefined;
    for (const line of raw) {
      const { at, text } = splitTimestamp(line);
      if (at !== undefined && seen !== undefined && comparableTime(at) <= seen) continue;
      if (at !== undefined) last = at;
      lines.push(text);
    }
    if (last !== undefined) seen = comparableTime(last);
    return lines.length > 0 ? { lines, last } : undefined;
  };
  try {
    let carry = '';
    for await (const chunk of out) {
      const cut = splitLines(carry, (chunk as Buffer).toString('utf8'));
      carry = cut.carry;
      const b = batch(cut.lines);
      if (b) yield b;
    }
    const rest = carry === '' ? undefined : batch([carry]);
    if (rest) yield rest;
  } catch (err) {
    if (!signal.aborted) throw err;
  } finally {
    signal.removeEventListener('abort', stop);
    stop();
  }
}
