// A design path (validateDesign's notation: `crd.names.kind`, `versions[v1].spec.size.minimum`,
// `versions[v1].spec.rules.validations[0].rule`, `operand.resources[0].id`) resolved on the design
// object, the way locate.ts resolves it in the YAML text: `versions[name]` is short for
// crd.versions selected by name, field names resolve through the `fields` lists. Used to tell
// whether the value a problem is about has changed, and which form field a problem belongs to.
import type { FieldNode } from '../design/field';
import { VERSION_ORDER } from '../design/io';
import type { Design } from '../design/schema';
import type { FieldAddress, FieldStep } from './field-tree';
import { jsonText } from '../crd/json-text';

export type PathToken = { key: string } | { index: number } | { select: string };

const TOKEN = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|\[([^\]"]+)\])/;

export function tokenizeDesignPath(path: string): PathToken[] {
  const out: PathToken[] = [];
  let rest = path;
  while (rest !== '') {
    const m = TOKEN.exec(rest);
    if (m === null) break;
    if (m[1] !== undefined) out.push({ key: m[1] });
    else if (m[2] !== undefined) out.push({ index: Number(m[2]) });
    else if (m[3] !== undefined) out.push({ key: JSON.parse(`"${m[3]}"`) as string });
    else out.push({ select: m[4]! });
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** The keys of a version itself: any other key after `versions[v]` is a field of its schema. */
export const VERSION_KEYS: ReadonlySet<string> = new Set(VERSION_ORDER);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ResolvedPath {
  /** The value at the deepest part of the path that resolves. */
  readonly value: unknown;
  /** How many of the path's parts resolved (all of them: the value is the path's own). */
  readonly depth: number;
  readonly complete: boolean;
  /** The field node the path is in (or about), when it goes through a version's schema. */
  readonly field: FieldAddress | null;
}

/** Walks `path` on `design` as far as it resolves. */
export function resolveDesignPath(design: Design, path: string): ResolvedPath {
  const tokens = tokenizeDesignPath(path);
  let node: unknown = design;
  let inSchema = false;
  let field: FieldAddress | null = null;
  let steps: FieldStep[] = [];
  let version = -1;
  let i = 0;
  if (tokens[0] && 'key' in tokens[0] && tokens[0].key === 'versions') node = design.crd;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('index' in t || 'select' in t) {
      if (!Array.isArray(node)) break;
      const list: unknown[] = node;
      const at = 'index' in t ? t.index : list.findIndex((v) => isRecord(v) && v.name === t.select);
      if (at < 0 || at >= list.length) break;
      node = list[at];
      const prev = tokens[i - 1];
      if ('select' in t && prev && 'key' in prev && prev.key === 'versions' && field === null && version === -1) {
        version = at;
        const next = tokens[i + 1];
        if (next && 'key' in next && !VERSION_KEYS.has(next.key)) {
          node = isRecord(node) ? node.schema : undefined;
          inSchema = true;
          steps = [];
          field = { version, path: steps };
        }
      }
      continue;
    }
    const key = t.key;
    if (inSchema && isRecord(node)) {
      const fields = (node as FieldNode).fields;
      const at = Array.isArray(fields) ? fields.findIndex((f) => f.name === key) : -1;
      if (at >= 0) {
        node = fields![at];
        steps = [...steps, at];
        field = { version, path: steps };
        continue;
      }
    }
    if (!isRecord(node) || !(key in node)) break;
    node = node[key];
    if (key === 'schema' && version >= 0 && field === null) {
      inSchema = true;
      steps = [];
      field = { version, path: steps };
    } else if (inSchema && (key === 'items' || key === 'additionalProperties')) {
      steps = [...steps, key];
      field = { version, path: steps };
    } else inSchema = false; // inside a keyword's value (validations, enum, …)
  }
  return { value: node, depth: i, complete: i === tokens.length, field };
}

/** A fingerprint of what the design holds at `path`: it changes when that value changes (or stops resolving). */
export function designValueKey(design: Design, path: string): string {
  const { value, depth } = resolveDesignPath(design, path);
  return `${depth}:${value === undefined ? 'undefined' : jsonText(value)}`;
}
