/**
 * Starts the controller and the web app for a profile and waits until each answers. One launch
 * shares two secrets between them: the launch token (single-user mode: who has it is the local
 * admin; it is in the ready line's URL) and the proxy secret (the controller believes the web
 * app's forwarded headers only with it). The web app is told the launch's own host name, derived
 * from the token, so the browser keeps its cookie there and never on 127.0.0.1
 * (docs/design/0036-launch-host.md).
 */
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import path from 'node:path';
import { LAUNCH_HOST_ENV, launchUrl } from '@opstudio/shared/security/launch';
import { loadAuthConfig } from '../../apps/controller/src/auth/config';
import { launchSecretsOf } from '../../apps/controller/src/auth/launch-token';
import type { TlsFiles } from '../../apps/web/server/serving-settings';
import type { ClusterChoice } from './cluster';
import { databaseUrl, dataDir, repoRoot, type Profile } from './paths';
import { startService, waitForHttp } from './proc';

export interface StudioOptions {
  profile: Profile;
  cluster: Required<Pick<ClusterChoice, 'kubeconfig'>> & ClusterChoice;
  host: string;
  /** Service output goes to files under data/logs instead of the terminal. */
  quiet?: boolean;
  /** OPSTUDIO_ALLOWED_HOSTS for both processes (default: as the environment has it). */
  allowedHosts?: string;
  /** Serve the web app over HTTPS with this certificate and key (the controller stays on loopback HTTP). */
  tls?: TlsFiles;
}

export interface RunningStudio {
  readonly webUrl: string;
  readonly controllerUrl: string;
  /** Single-user mode's per-launch token (also in `launchTokenFile`, owner-only). */
  readonly launchToken: string;
  readonly launchTokenFile: string;
  /** Single-user mode: this launch's own `<random>.localhost` name (undefined in multi-user mode). */
  readonly launchHost: string | undefined;
  /** The ready line's URL: single-user mode's link with the token on the launch host, else `webUrl`. */
  readonly readyUrl: string;
}

export async function startStudio(opts: StudioOptions): Promise<RunningStudio> {
  const { profile, host } = opts;
  const controllerUrl = `http://${host}:${profile.controllerPort}`;
  const webUrl = `${opts.tls === undefined ? 'http' : 'https'}://${host}:${profile.webPort}`;
  const logs = path.join(dataDir, 'logs', profile.name);
  const launchToken = randomBytes(24).toString('base64url');
  const launchTokenFile = path.join(path.dirname(profile.databaseFile), 'launch-token');
  const proxySecret = randomBytes(24).toString('base64url');
  const allowed = opts.allowedHosts === undefined ? {} : { OPSTUDIO_ALLOWED_HOSTS: opts.allowedHosts };
  const launchHost = loadAuthConfig(process.env).mode === 'single-user' ? launchSecretsOf(launchToken).host : undefined;

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

  // the web app's own server (not `next start`, which cannot serve HTTPS): docs/design/0027-tls-and-logs.md
  const tlsArgs = opts.tls === undefined ? [] : ['--tls-cert', opts.tls.certFile, '--tls-key', opts.tls.keyFile];
  const web = startService({
    name: 'web',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      path.join(repoRoot, 'apps/web/server/serve.ts'),
      '--port',
      String(profile.webPort),
      '--hostname',
      host,
      ...tlsArgs,
    ],
    cwd: path.join(repoRoot, 'apps/web'),
    env: {
      OPSTUDIO_CONTROLLER_URL: controllerUrl,
      OPSTUDIO_WEB_PORT: String(profile.webPort),
      OPSTUDIO_PROXY_SECRET: proxySecret,
      // HTTPS exactly when `tls` says so, whatever the environment holds
      OPSTUDIO_TLS_CERT: '',
      OPSTUDIO_TLS_KEY: '',
      NEXT_TELEMETRY_DISABLED: '1',
      [LAUNCH_HOST_ENV]: launchHost ?? '',
      ...allowed,
    },
    logFile: opts.quiet ? path.join(logs, 'web.log') : undefined,
  });
  const request = opts.tls === undefined ? fetch : answersOverTls;
  await waitForHttp(webUrl, web, 60_000, 'the web app', (res) => res.status < 500, request);
  const readyUrl = launchHost === undefined ? webUrl : launchUrl(webUrl, launchToken, launchHost);
  return { webUrl, controllerUrl, launchToken, launchTokenFile, launchHost, readyUrl };
}

/**
 * The readiness probe over HTTPS: only "does it answer", so the certificate is not verified here
 * (it may name a host other than the loopback address probed; the browser does verify it).
 */
function answersOverTls(url: string, init: { signal: AbortSignal }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { rejectUnauthorized: false, signal: init.signal }, (res) => {
      res.resume();
      resolve(new Response(null, { status: res.statusCode ?? 500 }));
    });
    req.on('error', reject);
  });
}
