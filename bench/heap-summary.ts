/**
 * Where a heap goes: reads a V8 heap snapshot (`v8.writeHeapSnapshot()`, or DevTools' Memory tab)
 * and prints the self size and count per constructor, largest first, as DevTools' Summary view
 * groups them: plain objects by constructor name (`Object`, `Array`, `Map`, …), everything else
 * by its node type in parentheses (`(string)`, `(closure)`, `(compiled code)`), internal arrays
 * by what they back (`(array) (object properties)`).
 * Run:    node --import tsx bench/heap-summary.ts <file.heapsnapshot> [top=15]
 * Import: `summarizeHeapSnapshot(path, top)` → { total, rows } (bench/controller-memory.bench.ts).
 * A snapshot of a big heap is a big JSON file: give this process room (--max-old-space-size=8192).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface HeapRow {
  /** Constructor name, or `(type)` for strings, closures, code, internal arrays. */
  readonly name: string;
  readonly count: number;
  readonly selfBytes: number;
}

export interface HeapSummary {
  readonly totalBytes: number;
  readonly nodes: number;
  readonly rows: readonly HeapRow[];
}

interface Snapshot {
  readonly snapshot: {
    readonly meta: { readonly node_fields: string[]; readonly node_types: [string[], ...unknown[]] };
  };
  readonly nodes: number[];
  readonly strings: string[];
}

/** Self size per group, largest first; `top` rows (the rest is summed in the total). */
export function summarizeHeap(snap: Snapshot, top = 15): HeapSummary {
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const groups = new Map<string, { count: number; selfBytes: number }>();
  let totalBytes = 0;
  const { nodes, strings } = snap;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt] ?? 0] ?? 'unknown';
    const name = strings[nodes[i + nameAt] ?? 0] ?? '';
    const size = nodes[i + sizeAt] ?? 0;
    const key = groupOf(type, name);
    const g = groups.get(key) ?? { count: 0, selfBytes: 0 };
    g.count++;
    g.selfBytes += size;
    groups.set(key, g);
    totalBytes += size;
  }
  const rows = [...groups].map(([name, g]) => ({ name, ...g })).sort((a, b) => b.selfBytes - a.selfBytes);
  return { totalBytes, nodes: nodes.length / width, rows: rows.slice(0, top) };
}

function groupOf(type: string, name: string): string {
  if (type === 'object' || type === 'native') return name === '' ? '(anonymous object)' : name;
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
  if (type === 'array' || type === 'hidden') return `(${type}) ${name.replace(/\s*\/.*$/, '').slice(0, 40)}`;
  return `(${type})`;
}

/**
 * Reads a snapshot file of any size: a big heap's snapshot is larger than the longest string V8
 * makes (~512 MiB), so the file is read as bytes; only its small `snapshot` header goes through
 * JSON.parse, the `nodes` numbers and the `strings` are scanned from the bytes.
 */
export function summarizeHeapSnapshot(path: string, top = 15): HeapSummary {
  const bytes = readFileSync(path);
  const nodesAt = bytes.indexOf('"nodes":[');
  const header = JSON.parse(`${bytes.subarray(0, nodesAt).toString('utf8').replace(/,\s*$/, '')}}`) as Pick<
    Snapshot,
    'snapshot'
  >;
  const nodes = scanNumbers(bytes, nodesAt + '"nodes":['.length);
  const stringsAt = bytes.indexOf('"strings":[', nodesAt);
  return summarizeHeap({ ...header, nodes, strings: scanStrings(bytes, stringsAt + '"strings":['.length) }, top);
}

/** The comma-separated integers from `from` up to the closing bracket. */
function scanNumbers(bytes: Buffer, from: number): number[] {
  const out: number[] = [];
  let value = 0;
  let inNumber = false;
  for (let i = from; i < bytes.length; i++) {
    const c = bytes[i] ?? 0;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) out.push(value);
      value = 0;
      inNumber = false;
      if (c === 93) break; // ]
    }
  }
  return out;
}

/** The JSON strings from `from` up to the closing bracket (each parsed on its own: escapes). */
function scanStrings(bytes: Buffer, from: number): string[] {
  const out: string[] = [];
  let i = from;
  for (;;) {
    while (i < bytes.length && bytes[i] !== 34 && bytes[i] !== 93) i++; // to " or ]
    if (i >= bytes.length || bytes[i] === 93) return out;
    let j = i + 1;
    let escaped = false;
    for (; j < bytes.length; j++) {
      const c = bytes[j];
      if (escaped) escaped = false;
      else if (c === 92) escaped = true;
      else if (c === 34) break;
    }
    out.push(JSON.parse(bytes.toString('utf8', i, j + 1)) as string);
    i = j + 1;
  }
}

const mib = (b: number) => (b / 1048576).toFixed(1);

/** A Markdown table: constructor, count, self size (MiB), share of the heap. */
export function formatHeapSummary(s: HeapSummary): string {
  const lines = [
    `heap: ${mib(s.totalBytes)} MiB self size in ${s.nodes} nodes`,
    '',
    '| constructor / type | count | self MiB | share |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const r of s.rows)
    lines.push(
      `| ${r.name} | ${r.count} | ${mib(r.selfBytes)} | ${((100 * r.selfBytes) / s.totalBytes).toFixed(1)} % |`,
    );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, top] = process.argv.slice(2);
  if (file === undefined) {
    console.error('usage: node --import tsx bench/heap-summary.ts <file.heapsnapshot> [top=15]');
    process.exit(2);
  }
  console.log(formatHeapSummary(summarizeHeapSnapshot(file, Number(top ?? 15))));
}
