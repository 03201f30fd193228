// Completion inside `${…}` of a child's template: after `self.` the custom resource's fields
// from the design's own schema (spec, status, metadata.name…), after a child's id the fields
// every object has plus the common status fields of its kind, after a collection's iterator the
// fields of the list's items when the list is a field of the custom resource, and at the start the
// names an expression can read (self, the children's ids, the child's iterators). Pure: the editor
// turns these into items.
import type { NamedField } from '../design/field';
import type { Design } from '../design/schema';
import { storageVersion } from '../manifests/sample';

export interface CelSuggestion {
  label: string;
  detail: string;
}

const METADATA = ['name', 'namespace', 'uid', 'labels', 'annotations', 'generation'];
const OBJECT_FIELDS: Record<string, string[]> = {
  '': ['metadata', 'spec', 'status'],
  metadata: METADATA,
};
/** Status fields the controllers of built-in kinds report, the ones readyWhen usually reads. */
const STATUS_BY_KIND: Record<string, string[]> = {
  Deployment: ['readyReplicas', 'availableReplicas', 'updatedReplicas', 'replicas', 'conditions'],
  StatefulSet: ['readyReplicas', 'availableReplicas', 'currentReplicas', 'replicas'],
  DaemonSet: ['numberReady', 'desiredNumberScheduled', 'numberAvailable'],
  Service: ['loadBalancer'],
  Ingress: ['loadBalancer'],
  Job: ['succeeded', 'failed', 'active', 'conditions'],
  PersistentVolumeClaim: ['phase', 'capacity'],
  HorizontalPodAutoscaler: ['currentReplicas', 'desiredReplicas'],
};

/** The `${…}` expression the cursor is in (text before the cursor on its line), or undefined. */
export function expressionAtCursor(lineBefore: string): string | undefined {
  const open = lineBefore.lastIndexOf('${');
  if (open === -1 || lineBefore.indexOf('}', open) !== -1) return undefined;
  return lineBefore.slice(open + 2);
}

export function celSuggestions(
  lineBefore: string,
  design: Design,
  children: readonly { id: string; kind: string }[],
  /** the edited child's iterators (a collection's `forEach`): name and list */
  iterators: readonly (readonly [string, string])[] = [],
): CelSuggestion[] {
  const expr = expressionAtCursor(lineBefore);
  if (expr === undefined) return [];
  const chain = /([A-Za-z_][\w]*(?:\.\??[A-Za-z_][\w]*)*)\.\??[A-Za-z_]*$/.exec(expr)?.[1];
  if (chain === undefined)
    return [
      { label: 'self', detail: `the ${design.crd.names.kind}` },
      ...children.map((c) => ({ label: c.id, detail: `the ${c.kind} of this design, once it exists` })),
      ...iterators.map(([name, list]) => ({ label: name, detail: `an element of ${list}` })),
    ];
  const [root, ...path] = chain.split(/\.\??/);
  if (root === 'self') return selfFields(design, path);
  const iterator = iterators.find(([name]) => name === root);
  if (iterator !== undefined) {
    // an element of a list field of the custom resource: that list's item fields
    const field = /^\$\{\s*self((?:\.\??[A-Za-z_]\w*)+)(?:\.orValue\([^)]*\))?\s*\}$/.exec(iterator[1].trim())?.[1];
    return field === undefined ? [] : selfFields(design, [...field.split(/\.\??/).slice(1), ...path]);
  }
  const child = children.find((c) => c.id === root);
  if (child === undefined) return [];
  const key = path.join('.');
  const known = key === 'status' ? (STATUS_BY_KIND[child.kind] ?? []) : (OBJECT_FIELDS[key] ?? []);
  return known.map((f) => ({ label: f, detail: `${child.id}.${[...path, f].join('.')}` }));
}

function selfFields(design: Design, path: string[]): CelSuggestion[] {
  if (path.length === 1 && path[0] === 'metadata')
    return METADATA.map((f) => ({ label: f, detail: `self.metadata.${f}` }));
  let fields: readonly NamedField[] | undefined = storageVersion(design).schema?.fields;
  for (const p of path) {
    const f = fields?.find((x) => x.name === p);
    // a list's fields are its items' (`self.spec.env.map(e, e.` reads items too)
    fields = f?.fields ?? f?.items?.fields;
  }
  const out = (fields ?? []).map((f) => ({
    label: f.name,
    detail: [f.type, f.description].filter(Boolean).join(' · '),
  }));
  if (path.length === 0) out.push({ label: 'metadata', detail: 'name, namespace, labels…' });
  return out;
}
