// Loading the studio's CEL module in the designer's worker: Go's wasm_exec.js (it defines
// globalThis.Go), then the module compiled while it downloads. Both URLs carry the module's hash
// and are served immutable (server/cel-assets.ts), so the browser keeps the bytes and V8 keeps the
// compiled code: a later visit neither downloads nor compiles it again. Starting it (the Go
// runtime and the Kubernetes CEL libraries' initialisation) happens once per worker.
import { startEngine } from '@opstudio/cel/engine';
import { installCelEngine } from '@opstudio/shared/cel/engine';
import { celFailed, type CelStatus } from './cel-status';

export interface CelUrls {
  readonly wasm: string;
  readonly glue: string;
}

/** The page's message to its worker: where the module is, or why there is none. */
export type CelStart =
  { readonly kind: 'cel'; readonly urls: CelUrls } | { readonly kind: 'cel'; readonly none: string };

/** What the page tells its worker, from the module's hash this build carries (next.config.ts). */
export function celStart(hash: string | undefined): CelStart {
  if (hash === undefined || !/^[0-9a-f]{16}$/.test(hash))
    return { kind: 'cel', none: 'this build of the web app has no CEL module (build it with npm start)' };
  return { kind: 'cel', urls: { wasm: `/_cel/${hash}/cel.wasm`, glue: `/_cel/${hash}/wasm_exec.js` } };
}

/** Loads, starts and installs the module for the pure code in this worker. */
export async function loadCel(urls: CelUrls): Promise<void> {
  // a classic script with no exports: imported for its effect, outside the bundle
  await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ new URL(urls.glue, self.location.origin).href);
  const response = fetch(new URL(urls.wasm, self.location.origin));
  const module = await WebAssembly.compileStreaming(
    response.then((r) => {
      if (!r.ok) throw new Error(`${urls.wasm} answered ${r.status}`);
      return r;
    }),
  );
  installCelEngine(await startEngine(module));
}

/** Loads the module as the page's message says, in a worker: what became of it (never rejects). */
export function celLoaded(msg: CelStart): Promise<CelStatus> {
  const loaded = 'urls' in msg ? loadCel(msg.urls) : Promise.reject(new Error(msg.none));
  return loaded.then(
    () => 'ready' as const,
    (err: unknown) => celFailed(loadFailure(err)),
  );
}

/** One line for the designer's problem list. */
export function loadFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]?.slice(0, 300) || 'unknown error';
}
