// The controller's side of the bench: `resources.list` timed over HTTP exactly as a script calls
// it (GET /api/trpc/resources.list with the launch token), and the controller's memory from its
// own /metrics (prom-client's default process and heap gauges).
import type { TicketKind } from './cluster';

export interface ListFigures {
  readonly calls: number;
  readonly items: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly bytes: number;
}

export const quantile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

export async function timeList(
  controllerUrl: string,
  token: string,
  kind: TicketKind,
  calls = 20,
): Promise<ListFigures> {
  const input = encodeURIComponent(JSON.stringify({ group: kind.group, version: kind.version, plural: kind.plural }));
  const url = `${controllerUrl}/api/trpc/resources.list?input=${input}`;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`resources.list answered ${res.status}: ${text.slice(0, 300)}`);
    const items = (JSON.parse(text) as { result: { data: { items: unknown[] } } }).result.data.items.length;
    return { ms, bytes: Buffer.byteLength(text), items };
  };
  await once(); // the first call may start the kind's informer: measured are the calls after it
  const samples: number[] = [];
  let last = { ms: 0, bytes: 0, items: 0 };
  for (let i = 0; i < calls; i++) {
    last = await once();
    samples.push(last.ms);
  }
  samples.sort((a, b) => a - b);
  return {
    calls,
    items: last.items,
    p50Ms: quantile(samples, 0.5),
    p99Ms: quantile(samples, 0.99),
    maxMs: samples.at(-1) ?? NaN,
    bytes: last.bytes,
  };
}

export interface ControllerMemory {
  readonly rssMb: number;
  readonly heapUsedMb: number;
}

export async function controllerMemory(controllerUrl: string, token: string): Promise<ControllerMemory> {
  const res = await fetch(`${controllerUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const gauge = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? NaN : Number(line.slice(name.length + 1)) / 2 ** 20;
  };
  return { rssMb: gauge('process_resident_memory_bytes'), heapUsedMb: gauge('nodejs_heap_size_used_bytes') };
}
