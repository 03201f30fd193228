/**
 * The designer's **Update project…** (docs/design/0057): what changed between the scaffold of the
 * design a project was exported from (its `.opstudio/design.yaml`) and the scaffold of the design
 * now, as one patch `git apply` reads. Files the user never touched apply cleanly; where a hunk
 * meets hand edits `git apply` refuses the file, and `opstudio export --update` (a per-file
 * three-way merge) is the way. Pure: Myers' line diff, hunks with three lines of context.
 */
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { ScaffoldError } from './errors';
import { DESIGN_COPY_PATH } from './project-manifest';
import { scaffoldProject } from './scaffold';

/** One line of an edit script: kept, removed from a, added from b. */
type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

/** A line that ends its text without a line break carries this mark, so it never equals one that has one. */
const NO_EOL = '\u0000no-eol';

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else lines[lines.length - 1] += NO_EOL;
  return lines;
}

/** The shortest edit script from a to b (Myers 1986, greedy forward search with trace). */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Map<number, number>([[1, 0]]);
  const trace: Map<number, number>[] = [];
  outer: for (let d = 0; d <= max; d++) {
    trace.push(new Map(v));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v.get(k - 1) ?? -1) < (v.get(k + 1) ?? -1));
      let x = down ? (v.get(k + 1) ?? 0) : (v.get(k - 1) ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v.set(k, x);
      if (x >= n && y >= m) break outer;
    }
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && (vd.get(k - 1) ?? -1) < (vd.get(k + 1) ?? -1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = vd.get(prevK) ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: ' ', line: a[x]! });
    }
    if (d === 0) break;
    if (down) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  return ops.reverse();
}

const range = (start: number, count: number): string =>
  count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;

/** The hunks of a unified diff of two texts (no header), `context` lines around each change. */
export function diffHunks(a: string, b: string, context = 3): string {
  const aLines = splitLines(a);
  const bLines = splitLines(b);
  const ops = editScript(aLines, bLines);
  const out: string[] = [];
  let i = 0;
  // positions (1-based) in a and b of each op
  const posA: number[] = [];
  const posB: number[] = [];
  for (let pa = 1, pb = 1, j = 0; j < ops.length; j++) {
    posA.push(pa);
    posB.push(pb);
    if (ops[j]!.kind !== '+') pa++;
    if (ops[j]!.kind !== '-') pb++;
  }
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // extend while the next change is within 2·context kept lines
    for (let j = i; j < ops.length; j++) {
      if (ops[j]!.kind !== ' ') end = j;
      else if (j - end > 2 * context) break;
    }
    const stop = Math.min(ops.length, end + context + 1);
    const slice = ops.slice(start, stop);
    const countA = slice.filter((o) => o.kind !== '+').length;
    const countB = slice.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${range(posA[start]!, countA)} +${range(posB[start]!, countB)} @@`);
    for (let j = start; j < stop; j++) {
      const o = ops[j]!;
      if (o.line.endsWith(NO_EOL))
        out.push(`${o.kind}${o.line.slice(0, -NO_EOL.length)}`, '\\ No newline at end of file');
      else out.push(`${o.kind}${o.line}`);
    }
    i = stop;
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** One file's part of a `git apply` patch; undefined text: the file does not exist on that side. */
export function fileDiff(path: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  const head = [`diff --git a/${path} b/${path}`];
  if (before === undefined) head.push('new file mode 100644');
  if (after === undefined) head.push('deleted file mode 100644');
  head.push(before === undefined ? '--- /dev/null' : `--- a/${path}`);
  head.push(after === undefined ? '+++ /dev/null' : `+++ b/${path}`);
  return `${head.join('\n')}\n${diffHunks(before ?? '', after ?? '')}`;
}

/** Every file that differs between two scaffolds, in path order, as one patch (empty when none). */
export function scaffoldPatch(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return paths.map((p) => fileDiff(p, before.get(p), after.get(p))).join('');
}

export type UpdatePatch =
  | { readonly ok: true; readonly patch: string; readonly files: number; readonly fileName: string }
  | { readonly ok: false; readonly message: string };

/**
 * The patch that takes a project exported from `projectDesignYaml` (its `.opstudio/design.yaml`)
 * to the scaffold of `design`. A project exported under another name or kind is refused, as
 * `opstudio export --update` refuses it: export anew.
 */
export function projectUpdatePatch(projectDesignYaml: string, design: Design): UpdatePatch {
  const parsed = parseDesign(projectDesignYaml);
  if (!parsed.ok) {
    const e = parsed.errors[0];
    return {
      ok: false,
      message: `${DESIGN_COPY_PATH} is not a design: ${e?.path ? `${e.path}: ` : ''}${e?.message ?? ''}`,
    };
  }
  const name = (d: Design): string => `${d.project.projectName}/${d.crd.names.kind}`;
  if (name(parsed.design) !== name(design))
    return {
      ok: false,
      message: `the project was exported as ${name(parsed.design)}, this design is ${name(design)}: export it anew`,
    };
  try {
    const before = scaffoldProject(parsed.design).files;
    const after = scaffoldProject(design).files;
    const patch = scaffoldPatch(before, after);
    const files = (patch.match(/^diff --git /gm) ?? []).length;
    return { ok: true, patch, files, fileName: `${design.project.projectName}-update.patch` };
  } catch (err) {
    if (err instanceof ScaffoldError) return { ok: false, message: `cannot export: ${err.message}` };
    throw err;
  }
}
