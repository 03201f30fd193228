// The web app's server: Next's request handler behind node:https when a certificate is named
// (`next start` has no TLS option), node:http otherwise. Over HTTPS every answer carries
// Strict-Transport-Security, and the request is marked https for the proxy and the front door,
// whatever the client wrote in X-Forwarded-Proto. Runs from the repo (`node --import tsx
// apps/web/server/serve.ts`, as npm start does) and from Next's standalone output (bundled to JS
// next to its server.js). Start-up problems print one line and exit 1.
// docs/design/0027-tls-and-logs.md.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type createNextType from 'next';
import { servedUrl, servingSettings } from './serving-settings';
import type { ServingSettings } from './serving-settings';
import { celHandler } from './cel-serve';
import { loadTls } from './tls-files';

type CreateNext = typeof createNextType;

/** The app directory (the one holding `.next`): this file's parent in the repo, its own folder when bundled next to standalone's server.js. */
function appDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = [process.env.OPSTUDIO_WEB_DIR, here, path.dirname(here)].find(
    (d) => d !== undefined && d !== '' && fs.existsSync(path.join(d, '.next')),
  );
  if (found === undefined) throw new Error(`web: no built app (.next) next to ${here}: run next build first`);
  return path.resolve(found);
}

/**
 * Standalone output has no next.config: its server.js hands Next the build's config through
 * __NEXT_PRIVATE_STANDALONE_CONFIG before loading it. Do the same when there is no config file.
 */
function useStandaloneConfig(dir: string): void {
  const hasConfig = ['next.config.ts', 'next.config.mjs', 'next.config.js'].some((f) =>
    fs.existsSync(path.join(dir, f)),
  );
  const required = path.join(dir, '.next', 'required-server-files.json');
  if (hasConfig || !fs.existsSync(required)) return;
  const { config } = JSON.parse(fs.readFileSync(required, 'utf8')) as { config: unknown };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

function listener(settings: ServingSettings, handle: http.RequestListener): http.RequestListener {
  if (settings.tls === undefined) return handle;
  const hsts = settings.hsts;
  return (req, res) => {
    // this server terminated TLS itself: no client may say otherwise (the controller's Secure cookie follows it)
    req.headers['x-forwarded-proto'] = 'https';
    if (hsts !== undefined) res.setHeader('strict-transport-security', hsts);
    handle(req, res);
  };
}

async function main(): Promise<void> {
  const settings = servingSettings(process.argv.slice(2), process.env);
  const tlsMaterial = settings.tls === undefined ? undefined : loadTls(settings.tls);
  const dir = appDir();
  (process.env as Record<string, string>).NODE_ENV = 'production';
  useStandaloneConfig(dir);
  // loaded only now: Next reads NODE_ENV and the standalone config when it is first required
  const createNext = createRequire(path.join(dir, 'package.json'))('next') as CreateNext;
  const app = createNext({ dev: false, dir, hostname: settings.host, port: settings.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // the CEL module goes out precompressed, which Next's handlers cannot do (server/cel-serve.ts)
  const cel = celHandler(dir, process.env);
  const onRequest = listener(settings, (req, res) => {
    if (!cel(req, res)) void handle(req, res);
  });
  const server =
    tlsMaterial === undefined ? http.createServer(onRequest) : https.createServer({ ...tlsMaterial }, onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `web: port ${settings.port} on ${settings.host} is already in use`
            : `web: cannot listen on ${settings.host}:${settings.port}: ${err.message}`,
        ),
      ),
    );
    server.listen(settings.port, settings.host, () => resolve());
  });
  console.log(`web: listening on ${servedUrl(settings)}`);
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections(); // live streams never end by themselves
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error && err.message.startsWith('web: ') ? err.message : `web: ${String(err)}`);
  process.exit(1);
});
