// The controller's HTTP server on node:http: the tRPC API (queries over HTTP, the live
// subscription over SSE) under /api/trpc, plus /healthz, /readyz and /metrics.
// startServer() either returns a running server or throws a one-line StartupError, having
// stopped whatever it had started.
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { TRPCError } from '@trpc/server';
import { CLUSTER_HEADER, CLUSTER_PARAM } from '@opstudio/shared/kube/cluster-href';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { collectDefaultMetrics, Gauge, register } from 'prom-client';
import { appRouter } from './api/root';
import type { ApiContext } from './api/context';
import { AUTH_BASE_PATH, checkListenSafety, loadAuthConfig } from './auth';
import { loadConfig } from './config';
import type { ConfigOverrides, ControllerConfig } from './config';
import { checkDb } from './db';
import { EXPORT_PATH, serveExport } from './export/http';
import { loadInClusterConfig, loadKubeConfig } from './kube/kubeconfig';
import { checkLeaseAccess, LEASE_NAME, leaseNamespace } from './kube/lease-access';
import { getServerVersion } from './kube/probe';
import type { ClusterRegistry } from './clusters/registry';
import { toTRPCError } from './api/errors';
import { createLogger, logFn, logLevelFrom } from './log/logger';
import type { Logger } from './log/logger';
import { startServices } from './services';
import type { RunningServices, ServicesOptions } from './services';

export class StartupError extends Error {
  override readonly name = 'StartupError';
}

export interface StartServerOptions {
  /** Defaults to the environment (loadConfig) with `overrides` applied. */
  readonly config?: ControllerConfig;
  readonly overrides?: ConfigOverrides;
  /** The root logger (serve.ts makes it); components log through its children. Default: one from OPSTUDIO_LOG_LEVEL. */
  readonly logger?: Logger;
  /** Instead of a logger: every line, readable, to this function (tests). */
  readonly log?: (message: string) => void;
  /** How long to wait for the API server at start-up before giving up. */
  readonly clusterWaitMs?: number;
  /** Tuning for tests: the controller-manager's Lease, how long idle watches linger. */
  readonly services?: Omit<ServicesOptions, 'log'>;
}

export interface RunningServer {
  readonly url: string;
  /** The studio-wide services with the default context's cluster services. */
  readonly services: ApiContext;
  /** Every context's cluster services (the one a request names with CLUSTER_HEADER / connectionParams). */
  readonly clusters: ClusterRegistry;
  /** Single-user mode: the token a client must present (the launch token); undefined in multi-user mode. */
  readonly launchToken: string | undefined;
  /** The root logger the server and its components write through. */
  readonly logger: Logger;
  close(): Promise<void>;
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const logger = rootLogger(opts);
  const log = logFn(logger.child({ component: 'server' }));
  const config = opts.config ?? loadConfig(process.env, opts.overrides);
  const auth = config.auth ?? loadAuthConfig({});
  const refusal = checkListenSafety(config.host, auth.mode);
  if (refusal !== undefined) throw new StartupError(refusal);

  const conn = config.inCluster
    ? loadInClusterConfig(config.inClusterRoot)
    : loadKubeConfig(config.kubeconfigPath, config.kubeContext);
  await waitForApiServer(conn.kc, conn.server, opts.clusterWaitMs ?? 10_000);
  const lease = opts.services?.lease ?? { namespace: leaseNamespace(config.leaseNamespace, conn), name: LEASE_NAME };
  await checkLeaseAccess(conn.kc, lease.namespace);

  const running = await startServices(conn, config.databaseUrl, {
    ...(config.maxConcurrentReconciles !== undefined
      ? { maxConcurrentReconciles: config.maxConcurrentReconciles }
      : {}),
    // no data folder (some tests): no webhook, and designs with conversion rules are refused at install
    ...(config.dataDir !== '' ? { conversionDir: path.join(config.dataDir, 'conversion-webhook') } : {}),
    ...opts.services,
    lease,
    auth,
    logger,
  });
  const { services } = running;
  let server: http.Server | undefined;
  let url: string;
  const launchToken = services.auth.launchToken;
  try {
    await checkDb(services.db);
    server = http.createServer(requestHandler(running, logger.child({ component: 'api' })));
    await listen(server, config.host, config.port);
    const { port } = server.address() as AddressInfo;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    services.auth.serveOn({ own: port, web: webPort(config.webUrl) });
    if (launchToken !== undefined && config.launchTokenFile !== undefined) {
      launchToken.writeTo(config.launchTokenFile);
      services.auth.launchTokenFile = config.launchTokenFile;
    }
    await services.auth.service.pruneExpiredSessions(); // abandoned sessions are otherwise only removed when presented
    const banner = await services.auth.startupBanner(config.webUrl);
    if (banner !== undefined) log(banner);
  } catch (err) {
    // a start that fails half-way stops what it started (informers, the manager), or the process never exits
    server?.close();
    await running.stop();
    throw err;
  }
  const httpServer = server;
  let closing: Promise<void> | undefined;
  return {
    url,
    services,
    clusters: running.clusters,
    launchToken: launchToken?.value,
    logger,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeAllConnections(); // SSE streams never end by themselves
        await closed;
        servedClusters.delete(running.clusters);
        await running.stop();
      })()),
  };
}

function rootLogger(opts: StartServerOptions): Logger {
  if (opts.logger !== undefined) return opts.logger;
  const { log } = opts;
  if (log !== undefined)
    return createLogger({ level: 'debug', pretty: true, write: (line) => log(line.replace(/\n$/, '')) });
  return createLogger({ level: logLevelFrom(process.env.OPSTUDIO_LOG_LEVEL) });
}

function requestHandler(running: RunningServices, apiLog: Logger): http.RequestListener {
  const { services, clusters } = running;
  ensureDefaultMetrics();
  servedClusters.add(clusters);
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/api/trpc/',
    maxBodySize: services.auth.maxBodyBytes, // chunked bodies; declared sizes are refused by guard()
    createContext: async ({ req, info }) => {
      const auth = await services.auth.requestContext(req);
      // signed out: the procedure refuses anyway, and no cluster is started or named for a stranger
      if (auth.user === undefined) return { ...services, ...auth };
      try {
        return { ...services, ...clusters.forSegment(requestedCluster(req, info.connectionParams)).context, ...auth };
      } catch (err) {
        throw toTRPCError(err);
      }
    },
    // answers carry the message only; the stack stays here, in the log
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') apiLog.error({ err: error.cause ?? error, path }, 'API call failed');
    },
  });
  return (req, res) => {
    if (!services.auth.guard(req, res)) return; // CSRF/origin, body cap
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith(AUTH_BASE_PATH)) {
      void services.auth.handle(req, res);
      return;
    }
    if (path.startsWith('/api/trpc/')) {
      trpc(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
    if (EXPORT_PATH.test(path)) {
      // a download reads a design: signed-in users only (any role)
      void services.auth.contextUser(req).then(
        (user) =>
          user === undefined
            ? send(res, 401, `${services.auth.signedOutMessage}\n`)
            : serveExport(services.designs, req, res),
        () => send(res, 503, 'cannot check the session: the database is not answering\n'),
      );
      return;
    }
    switch (path) {
      case '/healthz':
        return send(res, 200, 'ok\n');
      case '/readyz':
        return void readiness(services, clusters).then(({ ok, body }) => send(res, ok ? 200 : 503, body));
      case '/metrics': {
        const refusal = services.auth.metricsRefusal(req);
        if (refusal !== undefined) return send(res, 401, `${refusal}\n`);
        return void register.metrics().then((text) => send(res, 200, text, register.contentType));
      }
      default:
        return send(res, 404, 'not found: the API is under /api/trpc/\n');
    }
  };
}

/**
 * Ready = the default cluster's informer caches hold a full list and the database answers; the
 * other contexts started on demand are informational lines (one that is away must not take the
 * studio out of a load balancer).
 */
async function readiness(s: ApiContext, clusters: ClusterRegistry): Promise<{ ok: boolean; body: string }> {
  const lines: string[] = [];
  const informers = s.cluster.synced;
  lines.push(`[${informers ? '+' : '-'}]informers synced`);
  let dbOk = true;
  try {
    await checkDb(s.db);
  } catch (err) {
    dbOk = false;
    lines.push(`[-]database: ${(err as Error).message}`);
  }
  if (dbOk) lines.push('[+]database reachable');
  lines.push(`[${s.cluster.isConnected ? '+' : '-'}]cluster connected (informational)`);
  // counts, not names: /readyz answers without a session, and context names are for signed-in users
  const others = [...clusters.started()].filter(([name]) => name !== clusters.defaultContext);
  if (others.length > 0) {
    const away = others.filter(([, set]) => !set.context.cluster.isConnected).length;
    lines.push(
      `[${away === 0 ? '+' : '-'}]other contexts connected: ${others.length - away} of ${others.length} (informational)`,
    );
  }
  return {
    ok: informers && dbOk,
    body: `${lines.join('\n')}\n${informers && dbOk ? 'readyz check passed' : 'readyz check failed'}\n`,
  };
}

/** The web app's port, whose proxy forwards the browser's requests here. */
function webPort(webUrl: string | undefined): number | undefined {
  if (webUrl === undefined) return undefined;
  const url = new URL(webUrl);
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

function send(res: http.ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

/** The cluster a request is for (docs/design/0035): CLUSTER_HEADER or connectionParams[CLUSTER_PARAM]; neither, the default. */
function requestedCluster(
  req: http.IncomingMessage,
  params: Readonly<Record<string, string | undefined>> | null,
): string | undefined {
  const header = req.headers[CLUSTER_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromParams = params?.[CLUSTER_PARAM];
  if (fromHeader !== undefined && fromParams !== undefined && fromHeader !== fromParams)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `the request names two clusters (${CLUSTER_HEADER}: ${fromHeader}, connectionParams.${CLUSTER_PARAM}: ${fromParams}): send one`,
    });
  return fromParams ?? fromHeader;
}

/** Open live subscriptions: a stream the browser dropped must not stay subscribed (leak check). */
const servedClusters = new Set<ClusterRegistry>();
if (register.getSingleMetric('opstudio_live_subscribers') === undefined) {
  new Gauge({
    name: 'opstudio_live_subscribers',
    help: 'Open live subscriptions (one per browser page)',
    labelNames: ['cluster'],
    collect() {
      this.reset();
      for (const clusters of servedClusters)
        for (const [cluster, set] of clusters.started()) this.inc({ cluster }, set.context.bus.subscriberCount);
    },
  });
}

function ensureDefaultMetrics(): void {
  // prom-client refuses to register a metric twice (several servers in one test process).
  if (register.getSingleMetric('process_cpu_user_seconds_total') === undefined) collectDefaultMetrics();
}

function listen(server: http.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `port ${port} on ${host} is already in use: stop what is using it, or set OPSTUDIO_CONTROLLER_PORT to another port`,
          ),
        );
      } else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        reject(new StartupError(`cannot listen on ${host}: no such local address (check OPSTUDIO_HOST / --host)`));
      } else if (err.code === 'EACCES') {
        reject(
          new StartupError(
            `not allowed to listen on port ${port}: choose a port above 1024 with OPSTUDIO_CONTROLLER_PORT`,
          ),
        );
      } else reject(err);
    });
    server.listen(port, host, () => resolve());
  });
}

async function waitForApiServer(
  kc: Parameters<typeof getServerVersion>[0],
  server: string,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await getServerVersion(kc, 3000);
      return;
    } catch (err) {
      if (Date.now() >= deadline) {
        throw new StartupError(
          `${(err as Error).message.replace(/\.$/, '')} (gave up after ${Math.round(waitMs / 1000)} s; is ${server} the right cluster?)`,
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
