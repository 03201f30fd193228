'use client';
// The previews of a design, computed in a worker (previews.worker.ts) so that a keystroke in
// the form never waits for them. Returns the design the previews belong to with them: they lag
// the design on screen by one worker computation, and whatever reads both (the checks, which
// reuse the previews' CRD object) must read a matching pair. The first previews are computed
// at once (the page paints with them); without a working Worker it falls back to the main thread.
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import type { Design } from '@opstudio/shared/design/schema';
import type { Issue } from '@opstudio/shared';
import { computePreviews, type Previews } from '@opstudio/shared/designer/previews';
import { checkDesignValue } from '@opstudio/shared/designer/validate';
import { useEffect, useRef, useState } from 'react';
import { latestWins, type LatestWins } from './latest-wins';
import type { PreviewsAnswer, PreviewsRequest } from './previews.worker';

export interface Previewed {
  readonly design: Design;
  readonly previews: Previews;
  /** the studio's checks of that design */
  readonly issues: readonly Issue[];
}

type Checked = Omit<Previewed, 'design'>;

/** On the main thread: the first paint, and when no worker can run. */
function computeHere(design: Design): Previewed {
  const previews = computePreviews(design);
  return { design, previews, issues: checkDesignValue(design, previews.crdObject).issues };
}

/** The worker's answer, its CRD object parsed on first read. */
function withLazyCrd({ previews, crdJson, issues }: PreviewsAnswer): Checked {
  let crd: CustomResourceDefinition | undefined;
  return {
    previews: {
      ...previews,
      get crdObject() {
        if (crd === undefined && crdJson !== null) crd = JSON.parse(crdJson) as CustomResourceDefinition;
        return crd;
      },
    },
    issues,
  };
}

export function usePreviews(design: Design): Previewed {
  const [shown, setShown] = useState<Previewed>(() => computeHere(design));
  const client = useRef<LatestWins<Design, Checked> | null>(null);
  const asked = useRef(design);

  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./previews.worker.ts', import.meta.url), { type: 'module', name: 'previews' });
    } catch {
      return;
    }
    const lw = latestWins<Design, Checked>(
      (seq, d) => worker.postMessage({ seq, design: d } satisfies PreviewsRequest),
      (d, checked) => setShown({ design: d, ...checked }),
    );
    worker.onmessage = (e: MessageEvent<PreviewsAnswer>) => lw.receive(e.data.seq, withLazyCrd(e.data));
    worker.onerror = () => {
      // a worker that cannot load or crashed: answer on the main thread from now on
      client.current = null;
      worker.terminate();
      setShown(computeHere(lw.inFlight()?.req ?? asked.current));
    };
    client.current = lw;
    // a design asked for before the worker existed
    if (asked.current !== shown.design) lw.request(asked.current);
    return () => {
      client.current = null;
      worker.terminate();
    };
    // one worker for the component's life: `shown` is read once, to catch up
  }, []);

  useEffect(() => {
    if (design === asked.current) return;
    asked.current = design;
    if (client.current !== null) client.current.request(design);
    else setShown(computeHere(design));
  }, [design]);

  return shown;
}
