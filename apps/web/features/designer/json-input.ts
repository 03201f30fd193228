// Default, example and enum inputs: JSON when the text parses as JSON, otherwise the plain
// string, so `3` is a number, `"3"` a string and `hello` a string without quotes.
import type { JsonValue } from '@opstudio/shared/design/field';

/** A JSON value as the user types it: JSON when it parses, else the plain string. */
export function parseJsonInput(text: string): JsonValue | undefined {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

export function jsonInputText(v: JsonValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'string') {
    try {
      JSON.parse(v);
      return JSON.stringify(v); // "1" stays a string: show its quotes
    } catch {
      return v;
    }
  }
  return JSON.stringify(v);
}
