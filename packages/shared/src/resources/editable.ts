// What a user edits of a CR on its page (labels, annotations, spec: never status), as one pure
// shape both sides compute the same way: the browser plans its merge patch from it, and the
// server's patch decides from it whether a 409 was caused only by a write the user did not see
// and need not see (the controller writing status, docs/design/0050-object-topic.md).
import { mergePatchOf } from './merge-patch';

export type Editable = Record<string, unknown>;

/** A CR as the API server answers it (only what editableOf reads). */
export interface EditableSource {
  readonly apiVersion?: string | undefined;
  readonly kind?: string | undefined;
  readonly metadata: {
    readonly name?: string | undefined;
    readonly namespace?: string | undefined;
    readonly labels?: Readonly<Record<string, string>> | undefined;
    readonly annotations?: Readonly<Record<string, string>> | undefined;
  };
  readonly spec?: unknown;
}

/** The object as the YAML editor shows it: identity, labels, annotations and spec; never status. */
export function editableOf(obj: EditableSource): Editable {
  const { name, namespace, labels, annotations } = obj.metadata;
  const metadata: Record<string, unknown> = { name };
  if (namespace !== undefined) metadata.namespace = namespace;
  if (labels !== undefined && Object.keys(labels).length > 0) metadata.labels = labels;
  if (annotations !== undefined && Object.keys(annotations).length > 0) metadata.annotations = annotations;
  return {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    metadata,
    ...(obj.spec !== undefined ? { spec: obj.spec } : {}),
  };
}

/** True when the two have the same editable part: what changed between them is status (or other metadata) only. */
export function sameEditable(a: Editable, b: Editable): boolean {
  return mergePatchOf(a, b) === undefined;
}
