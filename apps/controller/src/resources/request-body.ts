// The checks and shapes of a resources request before it reaches the API server (resources/
// service.ts sends it): a body or patch given as YAML/JSON text or an object, bounded in depth; the
// body made to name exactly the kind, namespace and name the request is for; the REST path built
// from names already checked; and managedFields taken out of what comes back.
import { MAX_YAML_DEPTH, parseYaml } from '@opstudio/shared/yaml/parse';
import { InvalidInputError } from '../errors';
import type { KindRef } from './service';
import type { CustomObject, ResourceKind } from './types';

export type Json = Record<string, unknown>;

const bad = (message: string) => new InvalidInputError(message);

/** The REST path of a kind's collection, or of one object when `name` is given. */
export function resourcePath(ref: KindRef, kind: ResourceKind, name?: string): string {
  const ns =
    kind.scope === 'Namespaced' && ref.namespace !== undefined
      ? `/namespaces/${encodeURIComponent(ref.namespace)}`
      : '';
  return `/apis/${encodeURIComponent(ref.group)}/${encodeURIComponent(ref.version)}${ns}/${encodeURIComponent(ref.plural)}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;
}

/** Fills in apiVersion, kind, namespace (and name for apply); refuses a body that names something else. */
export function normalizeBody(ref: KindRef, kind: ResourceKind, body: Json, name: string | undefined): Json {
  const apiVersion = `${ref.group}/${ref.version}`;
  if (body.apiVersion !== undefined && body.apiVersion !== apiVersion)
    throw bad(
      `the body's apiVersion is ${JSON.stringify(body.apiVersion)}, but this request is for ${apiVersion}: fix apiVersion or send it to the right kind`,
    );
  if (body.kind !== undefined && body.kind !== kind.kind)
    throw bad(
      `the body's kind is ${JSON.stringify(body.kind)}, but ${ref.plural}.${ref.group} holds ${kind.kind}: fix kind`,
    );
  const meta = body.metadata === undefined ? {} : body.metadata;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) throw bad('metadata must be a mapping');
  const m = { ...(meta as Json) };
  if (ref.namespace !== undefined) {
    if (m.namespace !== undefined && m.namespace !== ref.namespace)
      throw bad(
        `the body's metadata.namespace is ${JSON.stringify(m.namespace)}, but the request names namespace ${ref.namespace}: make them agree`,
      );
    m.namespace = ref.namespace;
  } else if (m.namespace !== undefined) throw bad(`${kind.kind} is cluster-scoped: remove metadata.namespace`);
  if (name !== undefined) {
    if (m.name !== undefined && m.name !== name)
      throw bad(
        `the body's metadata.name is ${JSON.stringify(m.name)}, but the request names ${name}: make them agree`,
      );
    m.name = name;
  } else if (m.name === undefined && m.generateName === undefined)
    throw bad('the body needs metadata.name (or metadata.generateName)');
  return { ...body, apiVersion, kind: kind.kind, metadata: m };
}

/** An object, or YAML/JSON text of one mapping (aliases and nesting bounded: packages/shared/src/yaml/parse.ts). */
export function toObject(input: unknown, what: string): Json {
  let value = input;
  if (typeof input === 'string') {
    const parsed = parseYaml(input);
    if (!parsed.ok) throw bad(`${what} is ${parsed.message}`);
    value = parsed.value;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(`${what} must be one mapping (an object), like {"spec": {"size": 3}}`);
  if (nestedDeeperThan(value, MAX_YAML_DEPTH))
    throw bad(`${what} is nested deeper than ${MAX_YAML_DEPTH} levels: no Kubernetes object needs that`);
  return value as Json;
}

/** JSON bodies arrive already parsed: bound their depth too (walked without recursion). */
function nestedDeeperThan(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]];
  let next: [unknown, number] | undefined;
  while ((next = stack.pop()) !== undefined) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export function clean(obj: Json): CustomObject {
  const meta = obj.metadata as Json | undefined;
  if (meta === undefined || !('managedFields' in meta)) return obj as unknown as CustomObject;
  const { managedFields: _mf, ...rest } = meta;
  return { ...obj, metadata: rest } as unknown as CustomObject;
}
