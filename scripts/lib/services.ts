/** Starts the controller and the web app for a profile and waits until each answers. */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ClusterChoice } from './cluster';
import { databaseUrl, dataDir, repoRoot, type Profile } from './paths';
import { startService, waitForHttp } from './proc';

const require = createRequire(import.meta.url);

export interface StudioOptions {
  profile: Profile;
  cluster: Required<Pick<ClusterChoice, 'kubeconfig'>> & ClusterChoice;
  host: string;
  /** Service output goes to files under data/logs instead of the terminal. */
  quiet?: boolean;
}

export async function startStudio(opts: StudioOptions): Promise<{ webUrl: string; controllerUrl: string }> {
  const { profile, host } = opts;
  const controllerUrl = `http://${host}:${profile.controllerPort}`;
  const webUrl = `http://${host}:${profile.webPort}`;
  const logs = path.join(dataDir, 'logs', profile.name);

  const controller = startService({
    name: 'controller',
    command: process.execPath,
    args: [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), 'serve'],
    env: {
      OPSTUDIO_HOST: host,
      OPSTUDIO_CONTROLLER_PORT: String(profile.controllerPort),
      DATABASE_URL: databaseUrl(profile),
      OPSTUDIO_KUBECONFIG: opts.cluster.kubeconfig,
      OPSTUDIO_KUBE_CONTEXT: opts.cluster.context ?? '',
      OPSTUDIO_WEB_URL: webUrl,
    },
    logFile: opts.quiet ? path.join(logs, 'controller.log') : undefined,
  });
  await waitForHttp(`${controllerUrl}/readyz`, controller, 60_000, 'the controller');

  const nextBin = require.resolve('next/dist/bin/next', { paths: [path.join(repoRoot, 'apps/web')] });
  const web = startService({
    name: 'web',
    command: process.execPath,
    args: [nextBin, 'start', '--port', String(profile.webPort), '--hostname', host],
    cwd: path.join(repoRoot, 'apps/web'),
    env: { OPSTUDIO_CONTROLLER_URL: controllerUrl, NEXT_TELEMETRY_DISABLED: '1' },
    logFile: opts.quiet ? path.join(logs, 'web.log') : undefined,
  });
  await waitForHttp(webUrl, web, 60_000, 'the web app');
  return { webUrl, controllerUrl };
}
