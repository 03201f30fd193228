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
import { answerPreviews, type PreviewsAnswer, type PreviewsRequest } from './design-text';

interface WorkerScope {
  onmessage: ((e: MessageEvent<PreviewsRequest>) => void) | null;
  postMessage(answer: PreviewsAnswer): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (e) => scope.postMessage(answerPreviews(e.data));
