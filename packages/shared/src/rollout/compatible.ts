// Which revisions can run side by side under one installed CRD (docs/design/0055): only the graph
// may differ (templates, images, includeWhen, readyWhen…). The CRD is one object for every
// resource of the kind, so a revision whose CRD differs is installed (for all), never rolled out;
// and the embedded controller watches the child and external kinds of the current revision, so a
// revision that adds or drops one is installed too.
import { canonicalJson } from '../crd/diff-json';
import { crdObject } from '../crd/generate';
import type { Design } from '../design/schema';
import { operandGraph } from '../graph/deploy-image-profile';

const kinds = (d: Design): string[] => {
  const g = operandGraph(d);
  return [
    ...new Set(
      [...g.resources.map((r) => r.template), ...(g.externalRefs ?? [])].map((t) => `${t.apiVersion}/${t.kind}`),
    ),
  ].sort();
};

/** Why revision `to` cannot run beside `current` under the installed CRD, or undefined when it can. */
export function revisionConflict(current: Design, to: Design, toVersion: number): string | undefined {
  if (canonicalJson(crdObject(current)) !== canonicalJson(crdObject(to)))
    return `revision ${toVersion} changes the CRD: install it for every resource (a rollout changes only the graph)`;
  const [a, b] = [kinds(current), kinds(to)];
  if (canonicalJson(a) !== canonicalJson(b)) {
    const added = b.filter((k) => !a.includes(k));
    const dropped = a.filter((k) => !b.includes(k));
    const parts = [
      ...(added.length > 0 ? [`adds ${added.join(', ')}`] : []),
      ...(dropped.length > 0 ? [`drops ${dropped.join(', ')}`] : []),
    ];
    return `revision ${toVersion} ${parts.join(' and ')} among the kinds it creates or reads: install it for every resource (a rollout keeps the kinds the controller watches)`;
  }
  return undefined;
}
