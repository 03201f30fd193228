/**
 * `npm start`: the main job on a fresh machine. Migrates the database, builds the web app
 * when stale, starts the sandbox cluster unless one is named explicitly, then the controller
 * and the web app, and ends with one `ready:` line. Ctrl-C stops what this run started.
 */
import * as sandbox from '@opstudio/sandbox';
import { loadAuthConfig } from '../apps/controller/src/auth/config';
import { checkListenSafety } from '../apps/controller/src/auth/mode';
import { ensurePrivateDir } from '../apps/controller/src/db-files';
import { servingSettings } from '../apps/web/server/serving-settings';
import { loadTls } from '../apps/web/server/tls-files';
import { parseFlags } from './lib/args';
import { chooseCluster } from './lib/cluster';
import { migrate } from './lib/db';
import { databaseUrl, dataDir, profiles } from './lib/paths';
import { assertPortsFree } from './lib/ports';
import { onServiceDeath, stopServices } from './lib/proc';
import { startStudio } from './lib/services';
import { ensureWebBuild } from './lib/web-build';

const log = (line: string): void => console.log(`[start] ${line}`);
let startedSandbox = false;

async function shutdown(code: number): Promise<never> {
  await stopServices();
  if (startedSandbox) {
    log('stopping the sandbox this run started (its data is kept)');
    await sandbox.down({ profile: 'dev' });
  }
  process.exit(code);
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), {
    values: ['kubeconfig', 'context', 'host', 'tls-cert', 'tls-key'],
    switches: ['dev'],
  });
  const profile = profiles.dev;
  // HTTPS (--tls-cert/--tls-key or OPSTUDIO_TLS_CERT/KEY): the files are checked now, not after the build
  const tlsFlags = (['tls-cert', 'tls-key'] as const).flatMap((f) =>
    typeof flags[f] === 'string' ? [`--${f}`, flags[f]] : [],
  );
  const { tls } = servingSettings(tlsFlags, { ...process.env, OPSTUDIO_WEB_PORT: String(profile.webPort) });
  if (tls !== undefined) loadTls(tls);
  const host = typeof flags.host === 'string' ? flags.host : (process.env.OPSTUDIO_HOST ?? '127.0.0.1');
  // refused here, before the sandbox and the build, rather than by the controller at the end
  const mode = loadAuthConfig(process.env).mode;
  const unsafe = checkListenSafety(host, mode);
  if (unsafe !== undefined) throw new Error(unsafe);
  const choice = chooseCluster(
    {
      kubeconfig: typeof flags.kubeconfig === 'string' ? flags.kubeconfig : undefined,
      context: typeof flags.context === 'string' ? flags.context : undefined,
    },
    process.env,
  );
  await assertPortsFree([
    { port: profile.webPort, what: 'web app', env: 'the dev profile (see README: Ports)' },
    { port: profile.controllerPort, what: 'controller', env: 'the dev profile (see README: Ports)' },
  ]);

  // the studio's own folder (database, launch token, sandbox keys): an older one was 0755
  ensurePrivateDir(dataDir);
  log('applying database migrations');
  await migrate(databaseUrl(profile));
  await ensureWebBuild(log);

  let kubeconfig = choice.kubeconfig;
  if (choice.kind === 'sandbox') {
    await sandbox.ensureBinaries({ onProgress: (l: string) => log(l) });
    const before = await sandbox.status({ profile: 'dev' });
    startedSandbox = !before.running;
    const up = await sandbox.up({ profile: 'dev', onProgress: (l: string) => log(l) });
    kubeconfig = up.kubeconfigPath;
  }
  log('starting the controller and the web app');
  const studio = await startStudio({
    profile,
    host,
    cluster: { ...choice, kubeconfig: kubeconfig! },
    ...(tls !== undefined ? { tls } : {}),
  });
  // single-user mode: the link carries this launch's token; it is also in a file only you can read
  if (mode === 'single-user')
    log(`the launch token is also in ${studio.launchTokenFile} (for scripts: Authorization: Bearer <token>)`);
  // single-user mode: the link is on this launch's own *.localhost name, where no other server gets its cookie
  console.log(`ready: ${studio.readyUrl} · cluster: ${choice.label}`);
  onServiceDeath((name, code) => {
    console.error(`[start] error: the ${name} stopped unexpectedly (exit ${code ?? 'signal'}); stopping the rest`);
    void shutdown(1);
  });
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
main().catch(async (err: unknown) => {
  console.error(`[start] error: ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
});
