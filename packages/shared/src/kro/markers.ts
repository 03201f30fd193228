// kro's SimpleSchema field string: `<type> | marker=value marker="quoted value" …`. A quoted value
// escapes `"` and `\` with a backslash (kro keeps any other backslash as written); a `{…}` or
// `[…]` value runs to its closing bracket. Written from kro's documentation and behaviour, for
// the markers kro v0.9 knows.

export const KRO_MARKERS = [
  'required',
  'default',
  'description',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'listType',
  'listMapKey',
  'validation',
  'immutable',
] as const;
export type KroMarker = (typeof KRO_MARKERS)[number];

export interface Marker {
  readonly key: KroMarker;
  readonly value: string;
}

export type ParsedField = { ok: true; type: string; markers: Marker[] } | { ok: false; message: string };

export function parseField(s: string): ParsedField {
  const bar = s.indexOf('|');
  const type = (bar === -1 ? s : s.slice(0, bar)).trim();
  if (type === '') return { ok: false, message: 'a field needs a type, such as string or integer | default=1' };
  if (bar === -1) return { ok: true, type, markers: [] };
  const markers = parseMarkers(s.slice(bar + 1));
  return typeof markers === 'string' ? { ok: false, message: markers } : { ok: true, type, markers };
}

/** The markers after `|`, or why they do not parse. */
export function parseMarkers(s: string): Marker[] | string {
  const out: Marker[] = [];
  let i = 0;
  const skipSpace = (): void => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  for (skipSpace(); i < s.length; skipSpace()) {
    const eq = s.indexOf('=', i);
    if (eq === -1) return `marker ${s.slice(i).trim()} has no value (write key=value)`;
    const key = s.slice(i, eq).trim();
    if (!(KRO_MARKERS as readonly string[]).includes(key))
      return `unknown marker ${key}: kro knows ${KRO_MARKERS.join(', ')}`;
    i = eq + 1;
    let value: string;
    if (s[i] === '"') {
      let j = i + 1;
      let raw = '';
      for (; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === '\\' && j + 1 < s.length) {
          const next = s[j + 1]!;
          raw += next === '"' || next === '\\' ? next : `\\${next}`;
          j++;
        } else raw += s[j];
      }
      if (j >= s.length) return `the value of ${key} has no closing quote`;
      value = raw;
      i = j + 1;
    } else {
      let j = i;
      let depth = 0;
      let quoted = false;
      for (; j < s.length; j++) {
        const c = s[j]!;
        if (c === '"' && s[j - 1] !== '\\') quoted = !quoted;
        else if (!quoted && (c === '{' || c === '[')) depth++;
        else if (!quoted && (c === '}' || c === ']')) depth--;
        else if (!quoted && depth === 0 && /\s/.test(c)) break;
      }
      if (depth !== 0 || quoted) return `the value of ${key} has an unclosed bracket or quote`;
      value = s.slice(i, j).trim();
      i = j;
    }
    out.push({ key: key as KroMarker, value });
  }
  return out;
}

/** A marker as written: numbers and booleans bare, JSON objects and lists bare, text quoted. */
export function formatMarker(key: KroMarker, value: string, bare = false): string {
  return bare ? `${key}=${value}` : `${key}="${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export function formatField(type: string, markers: readonly string[]): string {
  return markers.length === 0 ? type : `${type} | ${markers.join(' ')}`;
}
