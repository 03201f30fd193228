// The field tree as flat rows, depth first: what the virtualized FieldTree windows over. Each
// row carries what its line needs (depth, ARIA position, the issue path) so a row renders
// without looking at its parents.
import type { FieldNode, NamedField } from '@opstudio/shared/design/field';
import type { FieldStep } from '@opstudio/shared/designer/field-tree';

const IDENT = /^[A-Za-z_$][\w$-]*$/;
const childPath = (parent: string, name: string): string =>
  `${parent}${IDENT.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`;

/** One row of the flattened tree. */
export interface Row {
  readonly node: FieldNode;
  /** The steps from the root, joined by `/`. */
  readonly pathKey: string;
  readonly issuePath: string;
  /** 0 for the version's top-level fields. */
  readonly depth: number;
  /** Named fields beside this one (the ↓ button's limit). */
  readonly siblings: number;
  /** 1-based position among the rows of the same parent, and how many they are (ARIA). */
  readonly posinset: number;
  readonly setsize: number;
  readonly hasChildren: boolean;
}

/** Depth-first rows of `fields` (without recursion: CRDs nest deep). */
export function flattenFields(fields: readonly NamedField[], base: string): Row[] {
  const rows: Row[] = [];
  type Frame = { node: FieldNode; step: FieldStep; path: string; parentKey: string | null; depth: number };
  const childrenOf = (node: FieldNode, issuePath: string): { node: FieldNode; step: FieldStep; path: string }[] => [
    ...(node.fields ?? []).map((f, i) => ({ node: f, step: i, path: childPath(issuePath, f.name) })),
    ...(node.items ? [{ node: node.items, step: 'items' as const, path: `${issuePath}.items` }] : []),
    ...(typeof node.additionalProperties === 'object'
      ? [
          {
            node: node.additionalProperties,
            step: 'additionalProperties' as const,
            path: `${issuePath}.additionalProperties`,
          },
        ]
      : []),
  ];
  const stack: { frame: Frame; siblings: number; posinset: number; setsize: number }[] = [];
  const push = (
    kids: { node: FieldNode; step: FieldStep; path: string }[],
    parentKey: string | null,
    depth: number,
    siblings: number,
  ) => {
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = kids[i]!;
      stack.push({ frame: { ...k, parentKey, depth }, siblings, posinset: i + 1, setsize: kids.length });
    }
  };
  push(
    fields.map((f, i) => ({ node: f, step: i, path: childPath(base, f.name) })),
    null,
    0,
    fields.length,
  );
  while (stack.length > 0) {
    const { frame, siblings, posinset, setsize } = stack.pop()!;
    const pathKey = frame.parentKey === null ? String(frame.step) : `${frame.parentKey}/${String(frame.step)}`;
    const kids = childrenOf(frame.node, frame.path);
    rows.push({
      node: frame.node,
      pathKey,
      issuePath: frame.path,
      depth: frame.depth,
      siblings,
      posinset,
      setsize,
      hasChildren: kids.length > 0,
    });
    push(kids, pathKey, frame.depth + 1, frame.node.fields?.length ?? 0);
  }
  return rows;
}
