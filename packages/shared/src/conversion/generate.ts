/**
 * Objects that fit a version's schema, for the round-trip check: seeded (the same seed gives the
 * same objects, so a failure can be named and reproduced), each optional field present about
 * half the time, strings from the field's enum, example or default when it has one (a rule that
 * splits `image` on `:` needs some values with a `:`), else short random text with the odd
 * separator in it. Bounds (minimum, maxItems, maxLength …) are kept; `pattern` is not read.
 */
import type { JSONSchemaProps, JSONValue } from '../crd/types';

type Rng = () => number;

/** mulberry32: a small, good-enough PRNG with a 32-bit seed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_DEPTH = 6;
const CHARS = 'abcxyz019-.:/';

export function generateObject(
  schema: JSONSchemaProps,
  rng: Rng,
  head: { apiVersion: string; kind: string; name: string },
): Record<string, JSONValue> {
  const out: Record<string, JSONValue> = {
    apiVersion: head.apiVersion,
    kind: head.kind,
    metadata: { name: head.name },
  };
  for (const [k, sub] of Object.entries(schema.properties ?? {})) {
    if (k === 'apiVersion' || k === 'kind' || k === 'metadata') continue;
    if (!(schema.required ?? []).includes(k) && rng() < 0.3) continue;
    const v = value(sub, rng, 1);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function value(s: JSONSchemaProps, rng: Rng, depth: number): JSONValue | undefined {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  if (s.enum !== undefined && s.enum.length > 0) return pick(s.enum);
  const known = [s.example, s.default].filter((v) => v !== undefined);
  if (known.length > 0 && rng() < 0.3) return pick(known);
  if (s['x-kubernetes-int-or-string'] === true) return rng() < 0.5 ? integer(s, rng) : text(s, rng);
  switch (s.type) {
    case 'object': {
      if (depth > MAX_DEPTH) return {};
      const out: Record<string, JSONValue> = {};
      for (const [k, sub] of Object.entries(s.properties ?? {})) {
        if (!(s.required ?? []).includes(k) && rng() < 0.5) continue;
        const v = value(sub, rng, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      if (typeof s.additionalProperties === 'object') {
        const n = Math.min(Math.floor(rng() * 3), s.maxProperties ?? 3);
        for (let i = 0; i < n; i++) {
          const v = value(s.additionalProperties, rng, depth + 1);
          if (v !== undefined) out[`k${i}${text({ maxLength: 3 }, rng)}`] = v;
        }
      }
      return out;
    }
    case 'array': {
      const items = Array.isArray(s.items) ? undefined : s.items;
      if (items === undefined || depth > MAX_DEPTH) return [];
      const min = s.minItems ?? 0;
      const n = Math.max(min, Math.min(Math.floor(rng() * 4), s.maxItems ?? 3));
      const out: JSONValue[] = [];
      for (let i = 0; i < n; i++) {
        const v = value(items, rng, depth + 1);
        if (v !== undefined) out.push(v);
      }
      return out;
    }
    case 'integer':
      return integer(s, rng);
    case 'number':
      return Math.round((s.minimum ?? 0) + rng() * ((s.maximum ?? 1000) - (s.minimum ?? 0))) / 4;
    case 'boolean':
      return rng() < 0.5;
    case 'string':
      return text(s, rng);
    default:
      return undefined;
  }
}

function integer(s: JSONSchemaProps, rng: Rng): number {
  const lo = s.minimum ?? (s.maximum !== undefined ? s.maximum - 1000 : 0);
  const hi = s.maximum ?? lo + 1000;
  return lo + Math.floor(rng() * (hi - lo + 1));
}

function text(s: JSONSchemaProps, rng: Rng): string {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 12, min + 12));
  const n = min + Math.floor(rng() * (max - min + 1));
  let out = '';
  for (let i = 0; i < n; i++) out += CHARS[Math.floor(rng() * CHARS.length)];
  return out;
}
