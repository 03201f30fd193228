'use client';
// The previews of a design, computed in a worker (previews.worker.ts, design-text.ts) so that a
// keystroke in the form never waits for them, with the checks, the design's YAML and where paths
// sit in it. Returns the design the answer belongs to with it: it lags the design on screen by
// one worker computation, and whatever reads several parts (the checks reuse the previews' CRD
// object; the markers' ranges are offsets into `text`) must read a matching set. The first answer
// is computed at once (the page paints with it), without CEL: the worker loads the studio's CEL
// module (cel-loader.ts) and answers again once it can evaluate. Without a working Worker it
// falls back to the main thread, and says that CEL is not evaluated.
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';
import type { Issue } from '@opstudio/shared';
import type { TextRange } from '@opstudio/shared/designer/locate';
import type { Previews } from '@opstudio/shared/designer/previews';
import type { ClusterKinds } from '@opstudio/shared/validate/design-rendered';
import { useEffect, useMemo, useRef, useState } from 'react';
import { celStart } from './cel-loader';
import { celFailed, type CelStatus } from './cel-status';
import { answerPreviews, type PreviewsAnswer, type PreviewsRequest, type TestsAnswer } from './design-text';
import { latestWins, type LatestWins } from './latest-wins';

export interface Previewed {
  readonly design: Design;
  readonly previews: Previews;
  /** the studio's checks of that design */
  readonly issues: readonly Issue[];
  /** the text the ranges are offsets into: the user's text, or the design serialized */
  readonly text: string;
  /** where each located path (the issues' and those asked for) sits in `text` */
  readonly ranges: ReadonlyMap<string, TextRange>;
  /** the CEL module's state for this answer */
  readonly cel: CelStatus;
  /** the design's test cases, run on that design */
  readonly tests: TestsAnswer;
}

type Asked = Omit<PreviewsRequest, 'seq'>;

/** The answer as the page reads it, its CRD object parsed on first read. */
function previewed(req: Asked, { previews, crdJson, issues, yaml, ranges, cel, tests }: PreviewsAnswer): Previewed {
  let crd: CustomResourceDefinition | undefined;
  return {
    design: req.design,
    previews: {
      ...previews,
      get crdObject() {
        if (crd === undefined && crdJson !== null) crd = JSON.parse(crdJson) as CustomResourceDefinition;
        return crd;
      },
    },
    issues,
    text: req.text ?? yaml ?? '',
    ranges: new Map(ranges),
    cel,
    tests,
  };
}

const NO_WORKER = celFailed('the previews worker could not run in this browser');

/** On the main thread: the first paint (CEL still loading), and when no worker can run. */
const computeHere = (req: Asked, cel: CelStatus = 'loading'): Previewed =>
  previewed(req, answerPreviews({ seq: 0, ...req }, cel));

/**
 * `text`: the editor's text when the user typed it (null: the answer carries the design's YAML);
 * `locate`: design paths whose ranges the page needs besides the issues'; `cluster`: what the
 * connected cluster said about the design's kinds (use-cluster-kinds.ts), checked with the rest.
 */
export function usePreviews(
  design: Design,
  text: string | null,
  locate: readonly string[],
  cluster: ClusterKinds | null = null,
): Previewed {
  const locateKey = locate.join('\n');
  const req = useMemo<Asked>(
    () => ({ design, text, locate: locateKey === '' ? [] : locateKey.split('\n'), cluster }),
    [design, text, locateKey, cluster],
  );
  const [shown, setShown] = useState<Previewed>(() => computeHere(req));
  const client = useRef<LatestWins<Asked, PreviewsAnswer> | null>(null);
  const asked = useRef(req);
  const painted = useRef(req); // the request of the first paint

  useEffect(() => {
    if (typeof Worker === 'undefined') return setShown(computeHere(asked.current, NO_WORKER));
    let worker: Worker;
    try {
      worker = new Worker(new URL('./previews.worker.ts', import.meta.url), { type: 'module', name: 'previews' });
    } catch {
      return setShown(computeHere(asked.current, NO_WORKER));
    }
    // inlined at build time (next.config.ts): the module's hash names its URLs
    worker.postMessage(celStart(process.env.OPSTUDIO_CEL_HASH));
    const lw = latestWins<Asked, PreviewsAnswer>(
      (seq, r) => worker.postMessage({ seq, ...r } satisfies PreviewsRequest),
      (r, answer) => setShown(previewed(r, answer)),
    );
    worker.onmessage = (e: MessageEvent<PreviewsAnswer>) => lw.receive(e.data.seq, e.data);
    worker.onerror = () => {
      // a worker that cannot load or crashed: answer on the main thread from now on
      client.current = null;
      worker.terminate();
      setShown(computeHere(lw.inFlight()?.req ?? asked.current, NO_WORKER));
    };
    client.current = lw;
    // a request made before the worker existed; else the first paint's, answered once CEL is ready
    if (asked.current !== painted.current) lw.request(asked.current);
    else worker.postMessage({ seq: lw.shown(asked.current), ...asked.current, quiet: true } satisfies PreviewsRequest);
    return () => {
      client.current = null;
      worker.terminate();
    };
  }, []);

  useEffect(() => {
    if (req === asked.current) return;
    asked.current = req;
    if (client.current !== null) client.current.request(req);
    else setShown(computeHere(req, NO_WORKER));
  }, [req]);

  return shown;
}
