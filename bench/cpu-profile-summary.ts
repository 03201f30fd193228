/**
 * Where a CPU profile's busy time goes, by kind of work: reads a V8 CPU profile (`.cpuprofile`,
 * as `bench/vs-go.bench.ts --cpu-profile` or DevTools' Performance tab writes it) and sums the
 * self time of its samples per category (Prisma, SQLite, JSON, HTTP/TLS, client-node, our code, …),
 * with the top functions of each. A sample in a frame that says nothing about who asked for the
 * work (a native function such as `writev` or `Statement`, Node's event loop plumbing) counts for
 * the nearest caller that does: `JSON.parse` inside client-node's watch is "JSON", a `prepare`
 * inside Prisma's SQLite adapter is "SQLite".
 * Run:    node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top functions per category=5]
 * Import: `summarizeCpuProfile(profile)` → { busyMs, idleMs, categories }.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface CallFrame {
  readonly functionName: string;
  readonly url: string;
}

export interface CpuProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: CallFrame; readonly children?: number[] }[];
  /** The node each sample was taken in; `timeDeltas[i]` is the time before sample i (µs). */
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface CategoryRow {
  readonly category: string;
  readonly ms: number;
  /** The functions with the most self time in this category, `url functionName`, ms. */
  readonly top: readonly { readonly frame: string; readonly ms: number }[];
}

export interface CpuSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  readonly categories: readonly CategoryRow[];
}

/**
 * The categories, first match wins; a frame no rule matches passes its time to its caller.
 * The profiler's own frames (`inspector`) are listed apart so a reader can subtract them.
 */
export const CATEGORIES: readonly { readonly category: string; readonly match: (f: CallFrame) => boolean }[] = [
  { category: 'idle', match: (f) => f.url === '' && f.functionName === '(idle)' },
  { category: 'GC', match: (f) => f.url === '' && f.functionName === '(garbage collector)' },
  { category: 'profiler', match: (f) => f.url.startsWith('node:inspector') },
  { category: 'JSON', match: (f) => f.url === '' && (f.functionName === 'parse' || f.functionName === 'stringify') },
  { category: 'SQLite (better-sqlite3)', match: (f) => /node_modules\/(better-sqlite3|@prisma\/adapter-)/.test(f.url) },
  {
    category: 'Prisma (client, query compiler)',
    match: (f) => /node_modules\/@prisma\//.test(f.url) || f.url.startsWith('wasm://'),
  },
  // client-node's watch splits its stream into lines with node:readline
  {
    category: 'client-node',
    match: (f) => f.url.includes('node_modules/@kubernetes/client-node/') || f.url.startsWith('node:internal/readline'),
  },
  { category: 'prom-client', match: (f) => f.url.includes('node_modules/prom-client/') },
  {
    category: 'HTTP/TLS (Node, node-fetch)',
    match: (f) =>
      /^node:(https?|_http_|tls|_tls_|net|internal\/(stream_base_commons|tls|url|http))/.test(f.url) ||
      f.url.includes('node_modules/node-fetch/'),
  },
  { category: 'other packages', match: (f) => f.url.includes('/node_modules/') },
  { category: 'our code', match: (f) => f.url.startsWith('file://') },
];

/** Self time per category, busiest first (idle apart), with the `top` busiest functions of each. */
export function summarizeCpuProfile(profile: CpuProfile, top = 5): CpuSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const categoryOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      const rule = frame && CATEGORIES.find((c) => c.match(frame));
      if (rule !== undefined) return rule.category;
    }
    return 'Node and V8 (no caller known)';
  };
  const sums = new Map<string, { us: number; frames: Map<string, number> }>();
  for (const [id, us] of selfUs) {
    const category = categoryOf(id);
    const frame = byId.get(id)?.callFrame;
    const name =
      `${(frame?.url ?? '').replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')} ${frame?.functionName || '(anonymous)'}`.trim();
    const sum = sums.get(category) ?? { us: 0, frames: new Map<string, number>() };
    sum.us += us;
    sum.frames.set(name, (sum.frames.get(name) ?? 0) + us);
    sums.set(category, sum);
  }
  const rows = [...sums].map(([category, s]) => ({
    category,
    ms: s.us / 1000,
    top: [...s.frames]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({ frame, ms: us / 1000 })),
  }));
  const idleMs = rows.find((r) => r.category === 'idle')?.ms ?? 0;
  const categories = rows.filter((r) => r.category !== 'idle').sort((a, b) => b.ms - a.ms);
  return { busyMs: categories.reduce((sum, r) => sum + r.ms, 0), idleMs, categories };
}

/** The summary as a text table, with per-edit figures when the number of edits is given. */
export function formatCpuSummary(s: CpuSummary, edits?: number): string {
  const per = (ms: number) => (edits !== undefined ? ` ${(ms / edits).toFixed(2).padStart(6)} ms/edit` : '');
  const lines = [`busy ${s.busyMs.toFixed(0)} ms${per(s.busyMs)}, idle ${s.idleMs.toFixed(0)} ms`];
  for (const row of s.categories) {
    lines.push(`${row.ms.toFixed(1).padStart(8)} ms${per(row.ms)}  ${row.category}`);
    for (const f of row.top) lines.push(`${''.padStart(12)}${f.ms.toFixed(1).padStart(7)} ms  ${f.frame}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, top = '5', edits] = process.argv.slice(2);
  if (file === undefined)
    throw new Error('usage: node --import tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top=5] [edits]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(
    formatCpuSummary(summarizeCpuProfile(profile, Number(top)), edits === undefined ? undefined : Number(edits)),
  );
}
