// GET /api/export/<designId>.zip[?version=N]: a saved design's Go operator project as a zip
// download (read-only). The bytes are shared's exportZip, the same the CLI writes. Errors come
// back as one plain-text line with the status a user can act on (404 unknown design or version,
// 400 bad version or a malformed id, 422 a design the export cannot turn into Go).
import type http from 'node:http';
import { loadCel } from '@opstudio/cel/node';
import { exportZip } from '@opstudio/shared/scaffold/export-zip';
import { ScaffoldError } from '@opstudio/shared/scaffold/facts';
import type { DesignStore } from '../designs';
import { DomainError, NotFoundError } from '../errors';

export const EXPORT_PATH = /^\/api\/export\/([^/]+)\.zip$/;

interface ExportResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array | string;
}

async function exportResponse(
  designs: Pick<DesignStore, 'load'>,
  id: string,
  versionParam: string | null,
): Promise<ExportResponse> {
  const text = (status: number, message: string): ExportResponse => ({
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: `${message}\n`,
  });
  let designId: string;
  try {
    designId = decodeURIComponent(id);
  } catch {
    // `%zz` or a cut-off `%E2%82`: the client's mistake, not the server's (it was a 500)
    return text(400, `the design id in the URL is not valid percent-encoding: ${JSON.stringify(id)}`);
  }
  let version: number | undefined;
  if (versionParam !== null) {
    version = Number(versionParam);
    if (!Number.isInteger(version) || version < 1)
      return text(400, `version must be a whole number from 1, got ${JSON.stringify(versionParam)}`);
  }
  try {
    const { design, view } = await designs.load(designId, version);
    await loadCel(); // the export plans the design's sample with it (docs/design/0059)
    const zip = exportZip(design);
    return {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${zip.fileName}"`,
        'x-opstudio-design-version': String(view.version),
      },
      body: zip.bytes,
    };
  } catch (err) {
    if (err instanceof ScaffoldError) return text(422, `cannot export this design: ${err.message}`);
    if (err instanceof DomainError) return text(err instanceof NotFoundError ? 404 : 422, err.message);
    throw err;
  }
}

/** Serves the export route; false when the request is not for it. */
export function serveExport(
  designs: Pick<DesignStore, 'load'>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = EXPORT_PATH.exec(url.pathname);
  if (match === null || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  exportResponse(designs, match[1] ?? '', url.searchParams.get('version')).then(
    (r) => {
      res.writeHead(r.status, { ...r.headers, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : r.body);
    },
    (err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`export failed: ${err instanceof Error ? err.message : String(err)}\n`);
    },
  );
  return true;
}
