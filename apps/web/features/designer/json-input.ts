// Default, example and enum inputs: JSON when the text parses as JSON, otherwise the plain
// string, so `3` is a number, `"3"` a string and `hello` a string without quotes. An integer
// beyond 2^53 stays exact (a bigint, docs/design/0044), as importing or the YAML editor keep it.
import { jsonText } from '@opstudio/shared/crd/json-text';
import type { SchemaValue } from '@opstudio/shared/design/field';
import { parseYaml } from '@opstudio/shared/yaml/parse';

/** A JSON value as the user types it: JSON when it parses, else the plain string. */
export function parseJsonInput(text: string): SchemaValue | undefined {
  if (text.trim() === '') return undefined;
  let value: SchemaValue;
  try {
    value = JSON.parse(text) as SchemaValue;
  } catch {
    return text;
  }
  if (!/\d{16}/.test(text)) return value;
  // JSON is YAML: read again keeping long integers digit for digit
  const exact = parseYaml(text, { exactIntegers: true });
  return exact.ok ? (exact.value as SchemaValue) : value;
}

export function jsonInputText(v: SchemaValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'string') {
    try {
      JSON.parse(v);
      return JSON.stringify(v); // "1" stays a string: show its quotes
    } catch {
      return v;
    }
  }
  return jsonText(v);
}
