// The designer's previews, computed in a Web Worker: on a real-sized design (kyverno's
// ClusterPolicy, 1.1 MB) generating the CRD, RBAC, sample, Go types and operand preview takes
// longer than a frame, so doing it on the main thread made every keystroke wait for it.
// Protocol (use-previews.ts, latest-wins.ts): { seq, design } in, { seq, previews, crdJson, issues } out.
// The checks run here too: on kyverno they were the last main-thread stall per pause in typing.
// The CRD object goes back as JSON text, not as an object: a 1.4 MB object graph took the main
// thread milliseconds to deserialize on every answer, while only the checks read it (once
// typing pauses), and a string crosses as one copy.
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import { computePreviews, type Previews } from '@opstudio/shared/designer/previews';
import { checkDesignValue } from '@opstudio/shared/designer/validate';

export interface PreviewsRequest {
  readonly seq: number;
  readonly design: Design;
}
export interface PreviewsAnswer {
  readonly seq: number;
  readonly previews: Omit<Previews, 'crdObject'>;
  /** `JSON.stringify(previews.crdObject)`, or null when there is none. */
  readonly crdJson: string | null;
  /** the studio's checks of the design (validateDesign over the CRD above): 60–100 ms on kyverno */
  readonly issues: readonly Issue[];
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
    issues: checkDesignValue(e.data.design, crdObject).issues,
  });
};
