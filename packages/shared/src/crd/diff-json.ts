// Order-independent JSON comparison for schema values (defaults, enum members, rules):
// YAML key order must not make two equal defaults look different. An exact integer (a bigint,
// docs/design/0044) compares as the double it rounds to: the API server's JSON, which the
// installed CRD is read from, has only doubles, so 9223372036854775807 there is 2^63.
import { jsonText } from './json-text';
import type { JSONValue } from './types';

export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return JSON.stringify(Number(value));
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A short, one-line rendering of a value for messages. */
export function show(value: JSONValue | undefined): string {
  const text = value === undefined ? 'none' : jsonText(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
