// The web server's own answer to /_cel/<hash>/<file> (cel-assets.ts decides what is sent), ahead
// of Next's handler so the precompressed module goes out as it is. The front door's rules apply
// as in proxy.ts: a Host (or X-Forwarded-Host) this studio does not serve is refused. While it
// runs it marks its build as in use, so a build elsewhere does not prune it from the binaries
// cache (packages/cel/src/build.ts, pruneCelBuilds: builds unused for an hour go).
import fs from 'node:fs';
import type http from 'node:http';
import { celAsset, celBuildOf } from './cel-assets';
import { decide, frontDoorSettings, type FrontDoorSettings } from './front-door';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

const plain = (res: http.ServerResponse, status: number, message: string): void => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${message}\n`);
};

/** A handler that answers the /_cel/ paths (true) and leaves every other request to Next (false). */
export function celHandler(appDir: string, env: Record<string, string | undefined>): Handler {
  const build = celBuildOf(appDir);
  if (build !== undefined) keepInUse(build.dir);
  let door: FrontDoorSettings | Error;
  try {
    door = frontDoorSettings(env);
  } catch (err) {
    door = err instanceof Error ? err : new Error(String(err));
  }
  return (req, res) => {
    const [pathname = '', search = ''] = (req.url ?? '/').split('?', 2);
    if (!pathname.startsWith('/_cel/')) return false;
    if (door instanceof Error) {
      plain(res, 500, `the web app is misconfigured: ${door.message}`);
      return true;
    }
    const header = (name: string) => {
      const v = req.headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    };
    const decision = decide({ method: req.method ?? 'GET', pathname, search, headers: { get: header } }, door);
    if (decision.kind === 'refuse') {
      plain(res, 403, decision.message);
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      plain(res, 405, 'method not allowed');
      return true;
    }
    const [, , hash = '', name = '', ...rest] = pathname.split('/');
    const asset = rest.length === 0 ? celAsset(build, hash, name, header('accept-encoding')) : undefined;
    if (asset === undefined) {
      plain(res, 404, 'not found');
      return true;
    }
    fs.stat(asset.file, (err, stat) => {
      if (err !== null) {
        // the binaries cache was emptied after the build: npm start builds the module again
        console.error(`web: the CEL module's ${name} is missing (${asset.file}): restart the studio`);
        return plain(res, 503, 'the CEL module is missing on the server');
      }
      res.writeHead(200, { ...asset.headers, 'content-length': String(stat.size) });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(asset.file)
        .on('error', () => res.destroy())
        .pipe(res);
    });
    return true;
  };
}

/** The folder's time says when its build was last used: renewed every 20 minutes while the server runs. */
function keepInUse(dir: string): void {
  const touch = () => {
    const now = new Date();
    fs.utimes(dir, now, now, () => {}); // a missing or read-only folder: the requests say so
  };
  touch();
  setInterval(touch, 20 * 60 * 1000).unref();
}
