// Issues of one child shown where the user edits it: `operand.resources[2].template.spec.ports[0]`
// belongs to the third child's template editor at `spec.ports[0]`, and that path is found in
// the template's own YAML text (a plain Kubernetes object: no `fields` lists to resolve).
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { Issue } from '../validate/issue';
import type { TextRange } from './locate';

/** Issues under `operand.resources[i]`, split into the template's (path relative to it) and the rest. */
export function childIssues(issues: readonly Issue[], index: number): { template: Issue[]; other: Issue[] } {
  const base = `operand.resources[${index}]`;
  const template: Issue[] = [];
  const other: Issue[] = [];
  for (const i of issues) {
    if (i.path === `${base}.template`) template.push({ ...i, path: '' });
    else if (i.path.startsWith(`${base}.template.`) || i.path.startsWith(`${base}.template[`))
      template.push({ ...i, path: i.path.slice(`${base}.template`.length).replace(/^\./, '') });
    else if (i.path === base || i.path.startsWith(`${base}.`)) other.push(i);
  }
  return { template, other };
}

const TOKEN = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\])/;

function tokens(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (let rest = path; rest !== '';) {
    const m = TOKEN.exec(rest);
    if (m === null) break;
    out.push(m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? m[4])!);
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** Where `path` (`spec.selector.matchLabels['app.kubernetes.io/name']`) is in a YAML object; its deepest part found. */
export function locateObjectPath(text: string, path: string): TextRange | undefined {
  return locateObjectSteps(text, tokens(path));
}

/** The same with the path as steps: property names and map keys, list indices as numbers. */
export function locateObjectSteps(text: string, steps: readonly (string | number)[]): TextRange | undefined {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  let node: unknown = doc.contents;
  let range: TextRange | undefined = rangeOf(node as Node | null, undefined);
  for (const t of steps) {
    if (typeof t === 'number') {
      if (!isSeq(node) || node.items[t] === undefined) break;
      node = node.items[t];
      range = rangeOf(node as Node, undefined) ?? range;
      continue;
    }
    if (!isMap(node)) break;
    const pair = node.items.find((p) => isScalar(p.key) && p.key.value === t);
    if (pair === undefined) break;
    node = pair.value;
    range = rangeOf(pair.value as Node | null, pair.key as Node) ?? range;
  }
  return range;
}

function rangeOf(value: Node | null | undefined, key: Node | undefined): TextRange | undefined {
  // a mapping or list: its key only, not the whole block
  if (key?.range && (value === null || value === undefined || isMap(value) || isSeq(value)))
    return { start: key.range[0], end: key.range[1] };
  if (value?.range) return { start: key?.range?.[0] ?? value.range[0], end: value.range[1] };
  return undefined;
}
