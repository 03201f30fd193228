/**
 * Starts the controller and the web app for a profile and waits until each answers. One launch
 * shares two secrets between them: the launch token (single-user mode: who has it is the local
 * admin; it is in the ready line's URL) and the proxy secret (the controller believes the web
 * app's forwarded headers only with it).
 */
import { randomBytes } from 'node:crypto';
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
  /** OPSTUDIO_ALLOWED_HOSTS for both processes (default: as the environment has it). */
  allowedHosts?: string;
}

export interface RunningStudio {
  readonly webUrl: string;
  readonly controllerUrl: string;
  /** Single-user mode's per-launch token (also in `launchTokenFile`, owner-only). */
  readonly launchToken: string;
  readonly launchTokenFile: string;
}

export async function startStudio(opts: StudioOptions): Promise<RunningStudio> {
  const { profile, host } = opts;
  const controllerUrl = `http://${host}:${profile.controllerPort}`;
  const webUrl = `http://${host}:${profile.webPort}`;
  const logs = path.join(dataDir, 'logs', profile.name);
  const launchToken = randomBytes(24).toString('base64url');
  const launchTokenFile = path.join(path.dirname(profile.databaseFile), 'launch-token');
  const proxySecret = randomBytes(24).toString('base64url');
  const allowed = opts.allowedHosts === undefined ? {} : { OPSTUDIO_ALLOWED_HOSTS: opts.allowedHosts };

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
      OPSTUDIO_LAUNCH_TOKEN: launchToken,
      OPSTUDIO_LAUNCH_TOKEN_FILE: launchTokenFile,
      OPSTUDIO_PROXY_SECRET: proxySecret,
      ...allowed,
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
    env: {
      OPSTUDIO_CONTROLLER_URL: controllerUrl,
      OPSTUDIO_WEB_PORT: String(profile.webPort),
      OPSTUDIO_PROXY_SECRET: proxySecret,
      NEXT_TELEMETRY_DISABLED: '1',
      ...allowed,
    },
    logFile: opts.quiet ? path.join(logs, 'web.log') : undefined,
  });
  await waitForHttp(webUrl, web, 60_000, 'the web app', (res) => res.status < 500);
  return { webUrl, controllerUrl, launchToken, launchTokenFile };
}
