// The designer's previews, computed in a Web Worker: on a real-sized design (kyverno's
// ClusterPolicy, 1.1 MB) generating the CRD, RBAC, sample, Go types and operand preview takes
// longer than a frame, so doing it on the main thread made every keystroke wait for it.
// Protocol (use-previews.ts, latest-wins.ts): { seq, design } in, { seq, previews, crdJson } out.
// The CRD object goes back as JSON text, not as an object: a 1.4 MB object graph took the main
// thread milliseconds to deserialize on every answer, while only the checks read it (once
// typing pauses), and a string crosses as one copy.
import type { Design } from '@opstudio/shared/design/schema';
import { computePreviews, type Previews } from '@opstudio/shared/designer/previews';

export interface PreviewsRequest {
  readonly seq: number;
  readonly design: Design;
}
export interface PreviewsAnswer {
  readonly seq: number;
  readonly previews: Omit<Previews, 'crdObject'>;
  /** `JSON.stringify(previews.crdObject)`, or null when there is none. */
  readonly crdJson: string | null;
}

interface WorkerScope {
  onmessage: ((e: MessageEvent<PreviewsRequest>) => void) | null;
  postMessage(answer: PreviewsAnswer): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (e) => {
  const { crdObject, ...previews } = computePreviews(e.data.design);
  scope.postMessage({
    seq: e.data.seq,
    previews,
    crdJson: crdObject === undefined ? null : JSON.stringify(crdObject),
  });
};
