// /_cel/<hash>/cel.wasm and /_cel/<hash>/wasm_exec.js under `next start` and `next dev`: the
// studio's own server (server/serve.ts, cel-serve.ts) answers them before Next, with the gzip
// copy. Here the module goes out unencoded (Next drops a handler's Content-Encoding and
// compresses by itself). server/cel-assets.ts decides. The folder is `%5Fcel` because App
// Router folders starting with `_` are private; the URL is /_cel/.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { celAsset, celBuild } from '../../../../server/cel-assets';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// inlined at build time by next.config.ts's `env`
const build = celBuild(process.env.OPSTUDIO_CEL_HASH, process.env.OPSTUDIO_CEL_DIR);

const text = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

export async function GET(request: Request, { params }: { params: Promise<{ hash: string; file: string }> }) {
  const { hash, file } = await params;
  const asset = celAsset(build, hash, file, null);
  if (asset === undefined) return text(404, 'not found');
  let size: number;
  try {
    size = (await stat(asset.file)).size;
  } catch {
    // the binaries cache was emptied after the build: npm start builds the module again
    console.error(`web: the CEL module's ${file} is missing from ${build?.dir ?? '?'}: restart npm start`);
    return text(503, 'the CEL module is missing on the server');
  }
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(asset.file)) as ReadableStream);
  return new Response(body, { headers: { ...asset.headers, 'content-length': String(size) } });
}

export const HEAD = GET;
