// The bench's figures against issue 16's goals, as a printed table.
import type { ControllerMemory, ListFigures } from './api';
import type { MainThread, OpenFigures, StreamFigures } from './browser';
import type { FrameFigures } from './page-scripts';

export interface Figures {
  readonly cores: number;
  readonly loadavg: readonly number[];
  readonly count: number;
  readonly createSeconds: number;
  /** One LIST of every Ticket straight from the API server (what a cold informer waits for). */
  readonly serverListMs: number;
  readonly list: ListFigures;
  readonly listAfterChurn: ListFigures;
  readonly open: { readonly cold: OpenFigures; readonly warm: OpenFigures };
  readonly scroll: {
    readonly idle: FrameFigures;
    readonly quiet: FrameFigures & { readonly perFrame: MainThread };
    readonly duringChurn: FrameFigures & { readonly perFrame: MainThread };
  };
  readonly churn: {
    readonly perSecond: number;
    readonly seconds: number;
    readonly patched: number;
    readonly stream: StreamFigures;
  };
  readonly memory: {
    readonly controllerBefore: ControllerMemory;
    readonly controllerAfter: ControllerMemory;
    readonly browserHeapMb: number;
    readonly browserHeapAfterMb: number;
  };
}

export interface Row {
  readonly measure: string;
  readonly value: string;
  readonly goal: string;
  /** undefined: reported, no goal. */
  readonly met?: boolean;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const mb = (x: number) => `${x.toFixed(1)} MB`;
const fps = (f: FrameFigures) =>
  `${f.meanFps.toFixed(0)} fps (p95 ${f.p95Ms.toFixed(0)} ms, worst ${f.worstMs.toFixed(0)} ms)`;

const steps = (o: OpenFigures) => `${ms(o.domContentLoadedMs)} / ${ms(o.streamOpenedMs)} / ${ms(o.snapshotMs)}`;
const mainThread = (m: MainThread) =>
  `script ${m.scriptMs.toFixed(1)} ms, layout ${m.layoutMs.toFixed(1)} ms, style ${m.styleMs.toFixed(1)} ms, all ${m.taskMs.toFixed(1)} ms`;

export function goalRows(f: Figures): Row[] {
  const { list, open, scroll, churn, memory } = f;
  return [
    { measure: `create ${f.count} CRs`, value: `${f.createSeconds.toFixed(1)} s`, goal: '' },
    { measure: 'resources.list p50', value: ms(list.p50Ms), goal: '< 200 ms', met: list.p50Ms < 200 },
    { measure: 'resources.list p99', value: ms(list.p99Ms), goal: '< 200 ms', met: list.p99Ms < 200 },
    {
      measure: 'resources.list p50 after churn',
      value: ms(f.listAfterChurn.p50Ms),
      goal: '< 200 ms',
      met: f.listAfterChurn.p50Ms < 200,
    },
    { measure: 'API server LIST of all (context)', value: ms(f.serverListMs), goal: '' },
    { measure: 'resources.list answer', value: `${list.items} rows, ${mb(list.bytes / 2 ** 20)}`, goal: '' },
    {
      measure: 'kind page → first row (cold)',
      value: ms(open.cold.firstRowMs),
      goal: '< 1000 ms',
      met: open.cold.firstRowMs < 1000,
    },
    {
      measure: 'kind page → first row (warm)',
      value: ms(open.warm.firstRowMs),
      goal: '< 1000 ms',
      met: open.warm.firstRowMs < 1000,
    },
    { measure: 'cold: DOM ready / stream opened / first page in', value: steps(open.cold), goal: '' },
    { measure: 'warm: DOM ready / stream opened / first page in', value: steps(open.warm), goal: '' },
    { measure: 'kind page → row visible (bench clock, warm)', value: ms(open.warm.visibleMs), goal: '' },
    {
      measure: 'kind page → every row in (bench clock, cold / warm)',
      value: `${ms(open.cold.allRowsMs)} / ${ms(open.warm.allRowsMs)}`,
      goal: '',
    },
    { measure: 'no scroll: frames the machine gives (baseline)', value: fps(scroll.idle), goal: '' },
    { measure: 'scroll, quiet', value: fps(scroll.quiet), goal: '60 fps', met: scroll.quiet.meanFps >= 55 },
    {
      measure: 'scroll, 100 changes/s',
      value: fps(scroll.duringChurn),
      goal: '60 fps',
      met: scroll.duringChurn.meanFps >= 55,
    },
    { measure: 'main thread per frame, quiet', value: mainThread(scroll.quiet.perFrame), goal: '' },
    { measure: 'main thread per frame, 100 changes/s', value: mainThread(scroll.duringChurn.perFrame), goal: '' },
    { measure: 'rows in the DOM', value: String(scroll.quiet.rowsInDom), goal: '' },
    {
      measure: `live stream, ${churn.patched} changes in ${churn.stream.seconds.toFixed(0)} s`,
      value: `${churn.stream.mbPerSecond.toFixed(3)} MB/s (${churn.stream.messages} messages)`,
      goal: '< 1 MB/s',
      met: churn.stream.mbPerSecond < 1,
    },
    {
      measure: 'controller RSS / heap (start → end)',
      value: `${mb(memory.controllerBefore.rssMb)} / ${mb(memory.controllerBefore.heapUsedMb)} → ${mb(memory.controllerAfter.rssMb)} / ${mb(memory.controllerAfter.heapUsedMb)}`,
      goal: '',
    },
    {
      measure: 'browser JS heap (open → end)',
      value: `${mb(memory.browserHeapMb)} → ${mb(memory.browserHeapAfterMb)}`,
      goal: '',
    },
  ];
}

export function printTable(rows: readonly Row[], f: Pick<Figures, 'cores' | 'loadavg'>): void {
  const cells = rows.map((r) => [r.measure, r.value, r.goal, r.met === undefined ? '' : r.met ? 'yes' : 'NO']);
  const head = ['measure', 'value', 'goal', 'met?'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  console.log(`\n${f.cores} cores, load average ${f.loadavg.join(' ')}`);
}
