// The designer's previews, computed in a Web Worker: on a real-sized design (kyverno's
// ClusterPolicy, 1.1 MB) generating the CRD, RBAC, sample, Go types and operand preview takes
// longer than a frame, so doing it on the main thread made every keystroke wait for it.
// Protocol (use-previews.ts, latest-wins.ts): a PreviewsRequest in, a PreviewsAnswer out.
// Everything else that reads the whole design on each change runs here too (design-text.ts):
// the checks, the design's YAML for the editor, and where the problems and the selected field
// sit in that text (a parse of the whole text). On kyverno each was a main-thread stall per
// keystroke: serializing ~10 ms, locating ~100 ms, checking 60–100 ms, plus their garbage.
// The CRD object goes back as JSON text, not as an object: a 1.4 MB object graph took the main
// thread milliseconds to deserialize on every answer, while only the checks read it (once
// typing pauses), and a string crosses as one copy.
// The CEL module (cel-loader.ts) loads beside the answers: until it is ready they carry no CEL
// results and no false problems (cel-status.ts); once it is, the latest request is answered
// again under its own number, which the page takes as the newer answer (latest-wins.ts).
import { celLoaded, type CelStart } from './cel-loader';
import type { CelStatus } from './cel-status';
import { answerPreviews, type PreviewsAnswer, type PreviewsRequest } from './design-text';

interface WorkerScope {
  onmessage: ((e: MessageEvent<PreviewsRequest | CelStart>) => void) | null;
  postMessage(answer: PreviewsAnswer): void;
}

const scope = self as unknown as WorkerScope;
let cel: CelStatus = 'loading';
let latest: PreviewsRequest | null = null;

const answer = (req: PreviewsRequest) => scope.postMessage(answerPreviews(req, cel));

function start(msg: CelStart): void {
  if (cel !== 'loading') return;
  void celLoaded(msg).then((status) => {
    cel = status;
    if (latest !== null) answer(latest);
  });
}

scope.onmessage = (e) => {
  if ('kind' in e.data) return start(e.data);
  latest = e.data;
  if (e.data.quiet !== true || cel !== 'loading') answer(e.data);
};
