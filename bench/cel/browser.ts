// The CEL module's start in a real browser worker (Debian's Chromium), served as the web app
// serves it (apps/web/server/cel-assets.ts: immutable, gzip): a page starts a module worker that
// imports wasm_exec.js, compiles the module with compileStreaming, starts it and evaluates once.
// Cold is a fresh profile; warm is the same profile visiting again, once V8 has had time to
// put the compiled code in the HTTP cache beside the bytes (it does so after compiling: we wait).
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { celAsset, type CelBuild } from '../../apps/web/server/cel-assets';
import { CHROMIUM } from '../../tests/e2e/chromium';

export interface BrowserStart {
  /** navigation start → the worker's first evaluation answered */
  readonly totalMs: number;
  /** in the worker: wasm_exec.js imported, module fetched and compiled (streaming) */
  readonly compileMs: number;
  /** instantiate + the Go runtime's and libraries' start */
  readonly startMs: number;
  readonly firstEvalMs: number;
  /** bytes the server sent for the module (0: the browser had it cached) */
  readonly wasmBytes: number;
}

const PAGE = `<!doctype html><title>cel</title><script type="module">
const w = new Worker('/worker.js', { type: 'module' });
w.onmessage = (e) => { window.__cel = { ...e.data, totalMs: performance.now() }; };
w.onerror = (e) => { window.__cel = { error: String(e.message) }; };
</script>`;

const worker = (hash: string) => `
const t0 = performance.now();
await import('/_cel/${hash}/wasm_exec.js');
const module = await WebAssembly.compileStreaming(fetch('/_cel/${hash}/cel.wasm'));
const t1 = performance.now();
const go = new Go();
const instance = await WebAssembly.instantiate(module, go.importObject);
go.run(instance);
const t2 = performance.now();
const cel = globalThis.opstudioCel;
const id = cel.context(JSON.stringify({ self: { spec: { replicas: 3 } } }));
const value = cel.evaluate("lists.range(self.spec.replicas).map(i, string(i)).join(',')", 'self', id);
const t3 = performance.now();
postMessage({ compileMs: t1 - t0, startMs: t2 - t1, firstEvalMs: t3 - t2, value });
`;

let sent = 0;

function serve(build: CelBuild): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const text = (type: string, body: string) => res.writeHead(200, { 'content-type': type }).end(body);
    if (url.pathname === '/') return text('text/html; charset=utf-8', PAGE);
    if (url.pathname === '/worker.js') return text('text/javascript; charset=utf-8', worker(build.hash));
    const [, prefix, hash = '', name = ''] = url.pathname.split('/');
    const asset = prefix === '_cel' ? celAsset(build, hash, name, req.headers['accept-encoding'] ?? null) : undefined;
    if (asset === undefined) return res.writeHead(404).end();
    const size = statSync(asset.file).size;
    if (name === 'cel.wasm') sent += size;
    res.writeHead(200, { ...asset.headers, 'content-length': String(size) });
    createReadStream(asset.file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Cold, then `warmVisits` visits of the same profile, each after `settleMs`. */
export async function browserStarts(build: CelBuild, warmVisits = 2, settleMs = 15_000): Promise<BrowserStart[]> {
  const server = await serve(build);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profile = mkdtempSync(path.join(tmpdir(), 'cel-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, args: [...CHROMIUM.args] });
  const out: BrowserStart[] = [];
  try {
    for (let visit = 0; visit <= warmVisits; visit++) {
      if (visit > 0) await new Promise((r) => setTimeout(r, settleMs));
      const page = await context.newPage();
      sent = 0;
      await page.goto(base);
      await page.waitForFunction('window.__cel !== undefined', undefined, { timeout: 120_000 });
      const r = await page.evaluate<BrowserStart & { error?: string; value?: string }>('window.__cel');
      if (r.error !== undefined || !String(r.value).includes('0,1,2')) throw new Error(`worker: ${JSON.stringify(r)}`);
      out.push({ ...r, wasmBytes: sent });
      await page.close();
    }
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return out;
}
