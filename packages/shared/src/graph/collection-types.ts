// What the type checker is told about collections (docs/design/0041): a collection child, as
// the other expressions read it, is a list of its kind's objects (at most its limit, which
// bounds the cost estimate); in its own readyWhen its id is one object; and an iterator is typed
// from the list it walks where that is known: a field of the CRD's schema (its items), a range
// (ints), a list of scalars. A forEach whose checked type is not a list is refused at its path.
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { resolvePath } from '../validate/design-refs';

/** The schema of a collection child's variable for its dependents; dynamic when the kind's is unknown. */
export function collectionSchema(kind: JSONValue, limit: number): JSONValue {
  return kind === null ? null : { type: 'array', maxItems: limit, items: kind };
}

/** Why a forEach's checked type is not a list (dynamic passes: it is checked when it runs). */
export function notListType(source: string, type: string | undefined): string | undefined {
  if (type === undefined || type === 'dyn' || type.startsWith('list(')) return undefined;
  return `\${${source}} gives ${type}, not a list: forEach walks a list, such as \${self.spec.ports} or \${lists.range(self.spec.replicas)}`;
}

const SCALARS: Record<string, string> = { string: 'string', int: 'integer', bool: 'boolean', double: 'number' };

/** The schema of the elements a forEach expression gives, or null (dynamic) when it is not known. */
export function elementSchema(source: string, self: JSONSchemaProps | null, type: string | undefined): JSONValue {
  const compact = source.replace(/\s+/g, '');
  const field = /^self((?:\.\??[A-Za-z_][A-Za-z0-9_]*)+)(?:\.orValue\(\[\]\))?$/.exec(compact)?.[1];
  if (field !== undefined && self !== null) {
    const r = resolvePath(self, field.replaceAll('?', ''));
    if ('found' in r && r.found.type === 'array' && r.found.items !== undefined && !Array.isArray(r.found.items))
      return r.found.items as JSONValue;
  }
  const scalar = /^list\((string|int|bool|double)\)$/.exec(type ?? '')?.[1];
  return scalar === undefined ? null : { type: SCALARS[scalar]! };
}
