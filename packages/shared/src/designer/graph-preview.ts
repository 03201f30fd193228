// "What the controller creates" for a design: its operand graph (the resources form, or the image
// form as its one-Deployment graph: the one planner the controller runs, docs/design/0046) with
// every child rendered against the sample custom resource (with a stand-in namespace and uid, which the sample only
// gets when created), one YAML document per child, and a comment for each child that is not
// created for the sample (includeWhen false, or waiting for a field only the cluster reports);
// a collection's every object, headed by its element.
import { celEngine, type CelEngine } from '../cel/engine';
import type { Design } from '../design/schema';
import { operandGraph } from '../graph/deploy-image-profile';
import type { KubeObject } from '../graph/model';
import { previewGraph, type GraphPreview } from '../graph/preview';
import { sampleResource } from '../manifests/sample';
import { emitYaml, type YamlValue } from '../yaml/emit';

/** The sample CR as the controller sees it once created: in `default` (unless cluster-scoped), with a uid. */
export function sampleOwner(design: Design): KubeObject {
  const sample = sampleResource(design);
  const meta = (sample.metadata ?? {}) as KubeObject;
  const where: KubeObject = design.crd.scope === 'Cluster' ? {} : { namespace: 'default' };
  return { ...sample, metadata: { ...meta, ...where, uid: '<uid of the CR>' } };
}

// one design object is previewed once per CEL engine: the preview tab, validateDesign's checks of
// the rendered children and the cluster's checks all read the same answer
const previewed = new WeakMap<Design, { engine: CelEngine | undefined; preview: GraphPreview }>();

/** The preview of a design's children for its sample, through the graph its controller runs. */
export function designGraphPreview(design: Design): GraphPreview {
  const engine = celEngine();
  const hit = previewed.get(design);
  if (hit !== undefined && hit.engine === engine) return hit.preview;
  const preview = previewGraph(operandGraph(design), sampleOwner(design));
  previewed.set(design, { engine, preview });
  return preview;
}

export function graphPreviewText(preview: GraphPreview): string {
  const docs: string[] = [];
  const notes: string[] = preview.externals.map(
    (x) => `# ${x.id} (external): reads ${x.reads} from the cluster; the preview reads nothing, so what needs it waits`,
  );
  const externals = new Set(preview.externals.map((x) => x.id));
  for (const c of preview.children) {
    const head = `# ${c.id} (${c.kind})`;
    if (c.state === 'rendered') docs.push(`${head}\n${emitYaml(metadataFirst(c.object), { keepKeyOrder: true })}`);
    else if (c.state === 'collection') {
      // a collection: every object it makes for the sample, each headed by its element
      c.objects.forEach(({ key, object }, i) =>
        docs.push(
          `# ${c.id}[${key}] (${c.kind}, ${i + 1} of ${c.objects.length})\n${emitYaml(metadataFirst(object), { keepKeyOrder: true })}`,
        ),
      );
      if (c.objects.length === 0) notes.push(`${head}: no objects for the sample, its forEach lists are empty`);
    } else if (c.state === 'excluded') notes.push(`${head}: not created for the sample, its includeWhen is false`);
    else if (c.state === 'waiting')
      notes.push(
        c.waitingFor.some((id) => externals.has(id))
          ? `${head}: created once ${c.waitingFor.join(', ')} ${c.waitingFor.length === 1 ? 'exists' : 'exist'} in the cluster`
          : `${head}: created once ${c.waitingFor.join(', ')} report the fields it reads`,
      );
    else
      notes.push(
        `${head}: fails for the sample: ${c.errors.map((e) => (e.path === '' ? e.message : `${e.path}: ${e.message}`)).join('; ')}`,
      );
  }
  for (const e of preview.errors) notes.push(`# ${e.path}: ${e.message}`);
  if (Object.keys(preview.status).length > 0)
    notes.push(`# status, once these exist:\n${commented(emitYaml({ status: preview.status }))}`);
  if (preview.conditions.length > 0)
    notes.push(
      `# the design's conditions, once these exist:\n${preview.conditions.map((c) => `#   ${c.type}: ${c.status} (${c.reason}) ${c.message}`).join('\n')}`,
    );
  if (docs.length === 0 && notes.length === 0)
    return '# This design has no operand: the controller creates nothing and only manages the status.\n';
  return [...docs, ...(notes.length > 0 ? [`${notes.join('\n')}\n`] : [])].join('---\n');
}

/** apiVersion, kind, metadata, then the rest: how kubectl shows an object. */
export function metadataFirst(o: KubeObject): YamlValue {
  const { apiVersion, kind, metadata, ...rest } = o;
  return { apiVersion, kind, metadata, ...rest };
}

const commented = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `#   ${l}`)
    .join('\n');
