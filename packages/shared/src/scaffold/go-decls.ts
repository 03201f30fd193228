/**
 * Reads back the type declarations of a generated `api/<version>/*_types.go` file (our own
 * gofmt-laid-out output, so a line reader suffices): struct fields with their Go types, named
 * types, and which types are API roots (`+kubebuilder:object:root=true`). The deepcopy generator
 * works from these, exactly as controller-gen works from the parsed package.
 */

export type GoType =
  | { readonly k: 'basic'; readonly name: string }
  | { readonly k: 'ptr'; readonly elem: GoType }
  | { readonly k: 'slice'; readonly elem: GoType }
  | { readonly k: 'map'; readonly key: GoType; readonly elem: GoType }
  /** A named type; `pkg` is the import path for types of other packages. */
  | { readonly k: 'named'; readonly pkg?: string; readonly name: string };

export interface GoStructField {
  /** The field name; for an embedded field, the type's name (`TypeMeta`). */
  readonly name: string;
  readonly type: GoType;
}

export type LocalDecl =
  | {
      readonly kind: 'struct';
      readonly name: string;
      readonly root: boolean;
      readonly fields: readonly GoStructField[];
    }
  | { readonly kind: 'named'; readonly name: string; readonly root: boolean; readonly underlying: GoType };

const BASIC = new Set([
  'string',
  'bool',
  'byte',
  'rune',
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'float32',
  'float64',
]);

/** Parses a Go type expression such as `*int32`, `[]metav1.Condition`, `map[string]WidgetPort`. */
export function parseGoType(expr: string, imports: ReadonlyMap<string, string>): GoType {
  if (expr.startsWith('*')) return { k: 'ptr', elem: parseGoType(expr.slice(1), imports) };
  if (expr.startsWith('[]')) return { k: 'slice', elem: parseGoType(expr.slice(2), imports) };
  if (expr.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < expr.length; i++) {
      if (expr[i] === '[') depth++;
      else if (expr[i] === ']' && --depth === 0)
        return { k: 'map', key: parseGoType(expr.slice(4, i), imports), elem: parseGoType(expr.slice(i + 1), imports) };
    }
    throw new Error(`cannot read the Go type ${expr}`);
  }
  if (BASIC.has(expr)) return { k: 'basic', name: expr };
  const dot = expr.indexOf('.');
  if (dot < 0) return { k: 'named', name: expr };
  const alias = expr.slice(0, dot);
  const pkg = imports.get(alias);
  if (pkg === undefined) throw new Error(`the Go type ${expr} uses an unknown import ${alias}`);
  return { k: 'named', pkg, name: expr.slice(dot + 1) };
}

/** Import alias → path (the alias is the last path element when the source gives none). */
function readImports(source: string): Map<string, string> {
  const out = new Map<string, string>();
  const block = /^import \(\n([\s\S]*?)\n\)/m.exec(source)?.[1] ?? '';
  for (const line of block.split('\n')) {
    const m = /^\t(?:(\w+) )?"([^"]+)"$/.exec(line);
    if (m === null) continue;
    const path = m[2] ?? '';
    out.set(m[1] ?? path.slice(path.lastIndexOf('/') + 1), path);
  }
  return out;
}

export function parseGoDecls(source: string): LocalDecl[] {
  const imports = readImports(source);
  const lines = source.split('\n');
  const decls: LocalDecl[] = [];
  let comments: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('//')) {
      comments.push(line);
      continue;
    }
    if (line === '') continue; // markers may stand apart from the doc comment
    const root = comments.some((c) => /^\/\/ \+kubebuilder:object:root=true\b/.test(c));
    comments = [];
    const struct = /^type (\w+) struct \{$/.exec(line);
    if (struct !== null) {
      const fields: GoStructField[] = [];
      for (i++; i < lines.length && lines[i] !== '}'; i++) {
        const f = /^\t(\S+)(?: +(\S+))? +`json:/.exec(lines[i] ?? '');
        if (f === null) continue;
        const [, first = '', second] = f;
        const type = parseGoType(second ?? first, imports);
        fields.push({ name: second === undefined ? first.slice(first.indexOf('.') + 1) : first, type });
      }
      decls.push({ kind: 'struct', name: struct[1] ?? '', root, fields });
      continue;
    }
    if (/^type (\w+) struct\{\}$/.test(line)) {
      decls.push({ kind: 'struct', name: /^type (\w+)/.exec(line)?.[1] ?? '', root, fields: [] });
      continue;
    }
    const named = /^type (\w+) (\S+)$/.exec(line);
    if (named !== null)
      decls.push({ kind: 'named', name: named[1] ?? '', root, underlying: parseGoType(named[2] ?? '', imports) });
  }
  return decls;
}
