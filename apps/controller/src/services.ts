// The controller's long-lived services, wired once: studio-wide the database, the designs, sign-in
// and the audit log; per kubeconfig context the cluster's services (clusters/cluster-services.ts:
// informers, the live bus, the kinds, the embedded controller-manager), the default context's
// started here and any other's at its first use (clusters/registry.ts). The HTTP server serves
// them; integration tests call them through `createCaller` with no HTTP in between.
import type { ApiContext } from './api/context';
import { openDb } from './db';
import type { InformerCache } from './kube/informer-cache';
import type { LoadedKubeConfig } from './kube/kubeconfig';
import { DesignStore } from './designs';
import { AuditLog } from './audit';
import { AuthService, loadAuthConfig, StudioAuth } from './auth';
import type { AuthConfig } from './auth';
import { ClusterRegistry } from './clusters/registry';
import { ConversionWebhook } from './conversion/webhook';
import { rememberedContexts } from './clusters/remembered';
import type { ClusterServicesOptions } from './clusters/cluster-services';
import { logFn } from './log/logger';
import { metricsHistory } from './metrics-history';

export interface ServicesOptions extends ClusterServicesOptions {
  /** Sign-in mode and security settings; default: single-user with the defaults. */
  readonly auth?: AuthConfig;
  /** Where the CRD conversion webhook keeps its certificates; absent: no webhook (designs with conversion rules are refused at install). */
  readonly conversionDir?: string;
}

export interface RunningServices {
  /** The studio-wide services with the default context's cluster services. */
  readonly services: ApiContext;
  /** The informer cache the default context's services read from (`stats()` shows what is watched). */
  readonly informers: InformerCache;
  /** Every context's cluster services: the default one started, the others on first use. */
  readonly clusters: ClusterRegistry;
  stop(): Promise<void>;
}

/** `conn`: the (merged) kubeconfig, its current context the default one, whose services start here. */
export async function startServices(
  conn: LoadedKubeConfig,
  databaseUrl: string,
  opts: ServicesOptions = {},
): Promise<RunningServices> {
  const db = openDb(databaseUrl);
  const logOf = (component: string) => {
    const log = opts.logger !== undefined ? logFn(opts.logger.child({ component })) : opts.log;
    return log !== undefined ? { log } : {};
  };
  // the designs store asks the clusters before a delete: an installed design is still reconciled
  const designs: DesignStore = new DesignStore(db, (id) => clusters.installedCrdOf(id));
  const authConfig = opts.auth ?? loadAuthConfig({});
  const audit = new AuditLog(db, logOf('audit').log);
  const authLog = logOf('auth');
  const auth = new StudioAuth({
    config: authConfig,
    service: new AuthService(db, { sessionTtlMs: authConfig.sessionTtlMs, ...authLog }),
    audit,
    ...authLog,
  });
  let conversion: ConversionWebhook | undefined;
  let clusters: ClusterRegistry;
  let defaultCluster;
  try {
    conversion =
      opts.conversionDir === undefined
        ? undefined
        : await ConversionWebhook.start({
            dir: opts.conversionDir,
            load: async (id, version) => (await designs.load(id, version)).design,
            ...logOf('conversion'),
          });
    clusters = new ClusterRegistry(conn, { db, designs, auth: authConfig, conversion }, opts);
    defaultCluster = await clusters.startDefault();
  } catch (err) {
    await conversion?.close();
    await db.$disconnect();
    throw err;
  }
  // the other contexts the studio installed in reconcile from now, not from their first page view
  try {
    clusters.startRemembered(await rememberedContexts(db));
  } catch (err) {
    logOf('clusters').log?.(`Reading the remembered contexts failed: ${String(err)}`);
  }
  // sample the controllers' metrics from now on, so a kind page's charts have the minutes before it was opened
  metricsHistory();
  return {
    services: { ...defaultCluster.context, db, designs, auth, audit, contexts: clusters },
    informers: defaultCluster.informers,
    clusters,
    stop: async () => {
      await clusters.stop();
      await conversion?.close();
      await db.$disconnect();
    },
  };
}
