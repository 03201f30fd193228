// Where an issue's design path (`versions[v1alpha1].spec.size.default`, `crd.names.kind`,
// `versions[v1].printerColumns[0].jsonPath`) sits in the design's YAML text, so the editor can
// put a marker on it. Field names resolve through the `fields` lists by `name`; anything that
// does not resolve all the way marks the deepest part that did.
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node, Pair } from 'yaml';
import { tokenizeDesignPath, VERSION_KEYS } from './design-path';

export interface TextRange {
  /** Offsets into the text, end exclusive. */
  readonly start: number;
  readonly end: number;
}

function pairOf(node: unknown, key: string): Pair<Node, Node> | undefined {
  if (!isMap(node)) return undefined;
  return node.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair<Node, Node> | undefined;
}

function rangeOf(node: Node | null | undefined, pair?: Pair<Node, Node>): TextRange | undefined {
  const keyStart = pair !== undefined && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
  const r = node?.range;
  if (r === undefined || r === null)
    return keyStart === undefined
      ? undefined
      : { start: keyStart, end: keyStart + String((pair!.key as { value: unknown }).value).length };
  // a mapping or list value: mark its key only, not the whole block
  if (keyStart !== undefined && (isMap(node) || isSeq(node)))
    return { start: keyStart, end: keyStart + String((pair!.key as { value: unknown }).value).length };
  return { start: keyStart ?? r[0], end: r[1] };
}

/** The range of `path` in `text`, or of its deepest resolvable prefix; undefined if nothing resolves. */
export function locateDesignPath(text: string, path: string): TextRange | undefined {
  return locateDesignPaths(text, [path])[0];
}

/** Several paths with one parse of the text (parsing is the slow part). */
export function locateDesignPaths(text: string, paths: readonly string[]): (TextRange | undefined)[] {
  if (paths.length === 0) return [];
  const doc = parseDocument(text, { keepSourceTokens: false, uniqueKeys: false });
  if (doc.errors.length > 0) return paths.map(() => undefined);
  return paths.map((p) => locateIn(doc.contents, p));
}

function locateIn(contents: unknown, path: string): TextRange | undefined {
  const tokens = tokenizeDesignPath(path);
  let node: unknown = contents;
  let range: TextRange | undefined;
  let inSchema = false; // walking field nodes: names resolve through `fields`
  let i = 0;
  // `versions[...]` is short for crd.versions[...]
  if (tokens[0] && 'key' in tokens[0] && tokens[0].key === 'versions') node = pairOf(node, 'crd')?.value;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ('index' in t || 'select' in t) {
      if (!isSeq(node)) break;
      const item: unknown =
        'index' in t
          ? node.items[t.index]
          : node.items.find(
              (v) =>
                isScalar(pairOf(v, 'name')?.value) &&
                (pairOf(v, 'name')!.value as { value: unknown }).value === t.select,
            );
      if (item === undefined) break;
      node = item;
      range = rangeOf(item as Node) ?? range;
      const prev = tokens[i - 1];
      if ('select' in t && prev && 'key' in prev && prev.key === 'versions') {
        // next: a version key, or a root field name under schema
        const next = tokens[i + 1];
        if (next && 'key' in next && !VERSION_KEYS.has(next.key)) {
          node = pairOf(node, 'schema')?.value;
          inSchema = true;
        }
      }
      continue;
    }
    const key = t.key;
    if (inSchema) {
      const fields = pairOf(node, 'fields')?.value;
      const field = isSeq(fields)
        ? fields.items.find(
            (v) => isScalar(pairOf(v, 'name')?.value) && (pairOf(v, 'name')!.value as { value: unknown }).value === key,
          )
        : undefined;
      if (field !== undefined) {
        node = field;
        const namePair = pairOf(field, 'name');
        range = rangeOf(namePair?.value ?? (field as Node), namePair) ?? range;
        continue;
      }
    }
    const pair = pairOf(node, key);
    if (pair === undefined) break;
    node = pair.value;
    range = rangeOf(pair.value, pair) ?? range;
    if (key === 'schema' || key === 'items' || key === 'additionalProperties') inSchema = true;
    else if (inSchema) inSchema = false; // inside a keyword's value (validations, enum, …)
  }
  return range;
}
