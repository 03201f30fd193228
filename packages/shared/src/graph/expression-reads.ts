// What an expression does, read off its AST: the fields of `self` it reads (checked against
// the CRD's schema before install) and the CEL it uses outside the subset the export runs the
// same way (docs/design/0016). Both walk cel-js's AST: `{ op, args }` nodes.
import type { ASTNode } from '@marcbachmann/cel-js';

/** `self.spec.host`, `self.metadata.labels['app']` → ['spec', 'host'], ['metadata', 'labels', 'app'] */
export function selfPaths(node: ASTNode): string[][] {
  const out: string[][] = [];
  walk(node, (n) => {
    const path = selectionPath(n);
    if (path === undefined) return true;
    if (path.length > 0) out.push(path);
    return false; // the chain is read whole; its inner nodes are the same chain, shorter
  });
  return out;
}

/** The selection chain `self.a.?b['c']` as keys, [] for bare `self`, undefined when not rooted at self. */
function selectionPath(n: ASTNode): string[] | undefined {
  const args = n.args as unknown;
  if (n.op === 'id') return args === 'self' ? [] : undefined;
  if (n.op === '.' || n.op === '.?') {
    const [inner, key] = args as [ASTNode, string];
    const p = selectionPath(inner);
    return p === undefined ? undefined : [...p, key];
  }
  if (n.op === '[]' || n.op === '[?]') {
    const [inner, index] = args as [ASTNode, ASTNode];
    const p = selectionPath(inner);
    if (p === undefined) return undefined;
    // a literal key is a field; a computed index or a list position reads the element, whatever it is
    return index.op === 'value' && typeof index.args === 'string' ? [...p, index.args] : [...p, '[]'];
  }
  return undefined;
}

/** Operators and functions both cel-js (the studio) and cel-go (the export) evaluate alike. */
const EXPORTABLE_OPS = new Set([
  ...['id', 'value', '.', '.?', '[]', '[?]', 'list', 'map', '?:', '!_', '-_', 'in'],
  ...['+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', '&&', '||', 'call', 'rcall'],
]);
const EXPORTABLE_CALLS = new Set(['has', 'size', 'string', 'int', 'double']);
const EXPORTABLE_METHODS = new Set([
  ...['orValue', 'hasValue', 'contains', 'startsWith', 'endsWith', 'lowerAscii', 'upperAscii', 'trim', 'join'],
  ...['split', 'substring', 'indexOf', 'size', 'map', 'filter', 'all', 'exists'],
]);
export const EXPORTABLE_SUMMARY =
  'field references, + - * / %, comparisons, && || !, ?:, in, has(), size(), string(), int(), double(), ' +
  '.orValue(), .hasValue(), .contains(), .startsWith(), .endsWith(), .lowerAscii(), .upperAscii(), .trim(), ' +
  '.join(), .split(), .substring(), .indexOf(), .map(), .filter(), .all(), .exists()';

/** The first construct outside the exported subset, as a phrase for a message, or undefined. */
export function outsideExportSubset(node: ASTNode): string | undefined {
  let found: string | undefined;
  walk(node, (n) => {
    if (found !== undefined) return false;
    if (!EXPORTABLE_OPS.has(n.op)) found = `the operator ${n.op}`;
    else if (n.op === 'call') {
      const name = (n.args as unknown as [string])[0];
      if (!EXPORTABLE_CALLS.has(name)) found = `${name}()`;
    } else if (n.op === 'rcall') {
      const name = (n.args as unknown as [string])[0];
      if (!EXPORTABLE_METHODS.has(name)) found = `.${name}()`;
    }
    return found === undefined;
  });
  return found;
}

function walk(node: ASTNode, visit: (n: ASTNode) => boolean): void {
  if (!visit(node)) return;
  const each = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(each);
    else if (v !== null && typeof v === 'object' && 'op' in v) walk(v as ASTNode, visit);
  };
  each(node.args);
}
