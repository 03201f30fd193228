// The studio's CEL module (packages/cel, cel-go built to WebAssembly) as the designer's worker
// fetches it: /_cel/<hash>/cel.wasm and /_cel/<hash>/wasm_exec.js (Go's JavaScript half of the
// runtime, from the same toolchain). The hash is the module's source hash, so each URL names one
// build for ever: the browser keeps it (immutable) and V8 keeps its compiled code beside it in the
// HTTP cache, so a second visit neither downloads nor compiles it. The module is public code,
// like the JS bundles under /_next/static: the front door's Host check applies, no session.
// Which build the web app serves is fixed when it is built (next.config.ts puts the hash and the
// folder into OPSTUDIO_CEL_HASH/OPSTUDIO_CEL_DIR): only the exact hash and the two names map to a
// file; no part of the URL reaches a path. The page builds the URLs (features/previews/cel-loader.ts).
// serve.ts answers them (cel-serve.ts) before Next, whose route handlers cannot send a body that
// is already gzip-encoded (Next drops Content-Encoding, then compresses again).
import fs from 'node:fs';
import path from 'node:path';

const HASH = /^[0-9a-f]{16}$/;

export interface CelBuild {
  /** the module's source hash (packages/cel/src/build.ts), 16 hex digits */
  readonly hash: string;
  /** the folder holding cel.wasm, cel.wasm.gz and wasm_exec.js */
  readonly dir: string;
}

/** The build the web app serves, from what next.config.ts set at build time; undefined without one. */
export function celBuild(hash: string | undefined, dir: string | undefined): CelBuild | undefined {
  if (hash === undefined || dir === undefined || !HASH.test(hash) || !path.isAbsolute(dir)) return undefined;
  return { hash, dir };
}

/** The build an app directory's `.next` carries: next.config.ts's `env`, as Next recorded it. */
export function celBuildOf(appDir: string): CelBuild | undefined {
  try {
    const file = path.join(appDir, '.next', 'required-server-files.json');
    const { config } = JSON.parse(fs.readFileSync(file, 'utf8')) as { config?: { env?: Record<string, string> } };
    return celBuild(config?.env?.OPSTUDIO_CEL_HASH, config?.env?.OPSTUDIO_CEL_DIR);
  } catch {
    return undefined;
  }
}

export interface CelAsset {
  /** the file to send */
  readonly file: string;
  readonly headers: Readonly<Record<string, string>>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Does an Accept-Encoding header take gzip (and not with q=0)? */
export function acceptsGzip(header: string | null): boolean {
  if (header === null) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * The file and headers answering GET `/_cel/<hash>/<name>`, or undefined (404) when the hash is
 * not exactly the served build's or the name is not one of the module's two files. The wasm goes
 * precompressed when the client takes gzip (7 MB instead of 38 MB).
 */
export function celAsset(
  build: CelBuild | undefined,
  hash: string,
  name: string,
  acceptEncoding: string | null,
): CelAsset | undefined {
  if (build === undefined || hash !== build.hash) return undefined;
  if (name === 'wasm_exec.js')
    return {
      file: path.join(build.dir, 'wasm_exec.js'),
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
      },
    };
  if (name !== 'cel.wasm') return undefined;
  const gzip = acceptsGzip(acceptEncoding);
  return {
    file: path.join(build.dir, gzip ? 'cel.wasm.gz' : 'cel.wasm'),
    headers: {
      'content-type': 'application/wasm',
      'cache-control': IMMUTABLE,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  };
}
