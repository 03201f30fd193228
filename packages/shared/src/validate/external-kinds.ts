// An external reference to a kind the cluster does not serve can never be read: its dependents
// would wait for ever. Only a cluster knows what it serves, so this check needs its answer: it
// runs with the children's (design-rendered.ts clusterChildIssues) in the install, the designer
// while connected and `opstudio validate` when it reaches a cluster.
import type { Design } from '../design/schema';
import { error, type Issue } from './issue';

/** `served(apiVersion, kind)`: true, false, or undefined when not known (no answer yet). */
export function unservedExternalKinds(
  design: Design,
  served: (apiVersion: string, kind: string) => boolean | undefined,
): Issue[] {
  return (design.operand?.externalRefs ?? []).flatMap((r, i) =>
    served(r.apiVersion, r.kind) === false
      ? [
          error(
            `operand.externalRefs[${i}].kind`,
            `the cluster does not serve ${r.kind} in ${r.apiVersion}: install the CRD that defines it first, or fix apiVersion and kind (${r.id} could never be read)`,
          ),
        ]
      : [],
  );
}
