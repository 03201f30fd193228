// A second, multi-user studio for the sign-in spec: its own controller (`opstudio serve --auth`)
// on 3111 with a fresh, migrated SQLite file and accounts made by `opstudio admin create`, and
// the already built web app (`next start`) on 3110 in front of it. The e2e stage's own pair
// (3100/3101) runs in single-user mode and stays untouched. Output goes to log files.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitForHttp } from '../../scripts/lib/proc';

const repo = path.resolve(import.meta.dirname, '../..');
const cli = path.join(repo, 'apps/controller/bin/opstudio.js');
const require = createRequire(import.meta.url);

export const AUTH_CONTROLLER_PORT = 3111;
export const AUTH_WEB_PORT = 3110;

export interface AuthStudio {
  readonly webUrl: string;
  readonly controllerUrl: string;
  readonly databaseUrl: string;
  /** The one-time setup token the controller printed (it started with no accounts). */
  setupToken(): string;
  createUser(name: string, role: 'viewer' | 'editor' | 'admin', password: string): void;
  /** `opstudio admin delete <name>`: another process than the controller changes the database. */
  deleteUser(name: string): void;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function start(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  logDir: string,
): { child: ChildProcess; logFile: string } {
  const logFile = path.join(logDir, `${name}.log`);
  const fd = fs.openSync(logFile, 'w'); // this run's output only (the setup token is read from it)
  // own process group, so stopping it stops `next start`'s workers too
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  fs.closeSync(fd);
  return { child, logFile };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

export interface AuthStudioOptions {
  /** More controller settings, e.g. the OPSTUDIO_OIDC_* of the OIDC spec. */
  readonly controllerEnv?: Readonly<Record<string, string>>;
}

export async function startAuthStudio(
  kubeconfig: string,
  logDir: string,
  opts: AuthStudioOptions = {},
): Promise<AuthStudio> {
  for (const port of [AUTH_CONTROLLER_PORT, AUTH_WEB_PORT]) {
    if (!(await portFree(port)))
      throw new Error(
        `port ${port} is taken: the sign-in spec runs its own multi-user studio there (is an earlier run still going? stop it first)`,
      );
  }
  fs.mkdirSync(logDir, { recursive: true });
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opstudio-auth-e2e-'));
  const databaseUrl = `file:${path.join(dbDir, 'studio.db')}`;
  execFileSync(path.join(repo, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    cwd: repo,
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    stdio: 'pipe',
  });

  const controllerUrl = `http://127.0.0.1:${AUTH_CONTROLLER_PORT}`;
  const webUrl = `http://127.0.0.1:${AUTH_WEB_PORT}`;
  const children: ChildProcess[] = [];
  const proxySecret = randomBytes(24).toString('base64url'); // as npm start shares one between its two processes
  let controllerLog = '';
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    fs.rmSync(dbDir, { recursive: true, force: true });
  };
  try {
    const controller = start(
      'controller',
      [cli, 'serve', '--auth'],
      {
        OPSTUDIO_HOST: '127.0.0.1',
        OPSTUDIO_CONTROLLER_PORT: String(AUTH_CONTROLLER_PORT),
        DATABASE_URL: databaseUrl,
        OPSTUDIO_KUBECONFIG: kubeconfig,
        OPSTUDIO_AUTH: 'on',
        OPSTUDIO_WEB_URL: webUrl,
        OPSTUDIO_PROXY_SECRET: proxySecret,
        ...opts.controllerEnv,
      },
      repo,
      logDir,
    );
    children.push(controller.child);
    controllerLog = controller.logFile;
    await waitForHttp(
      `${controllerUrl}/readyz`,
      controller.child,
      90_000,
      `the multi-user controller (log: ${controller.logFile})`,
    );

    const nextBin = require.resolve('next/dist/bin/next', { paths: [path.join(repo, 'apps/web')] });
    const web = start(
      'web',
      [nextBin, 'start', '--port', String(AUTH_WEB_PORT), '--hostname', '127.0.0.1'],
      {
        OPSTUDIO_CONTROLLER_URL: controllerUrl,
        OPSTUDIO_WEB_PORT: String(AUTH_WEB_PORT),
        OPSTUDIO_PROXY_SECRET: proxySecret,
        NEXT_TELEMETRY_DISABLED: '1',
      },
      path.join(repo, 'apps/web'),
      logDir,
    );
    children.push(web.child);
    await waitForHttp(`${webUrl}/sign-in`, web.child, 90_000, `the web app in front of it (log: ${web.logFile})`);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    webUrl,
    controllerUrl,
    databaseUrl,
    setupToken() {
      const token = /one-time setup token: ([A-Za-z0-9_-]+)/.exec(fs.readFileSync(controllerLog, 'utf8'))?.[1];
      if (token === undefined)
        throw new Error(
          `no setup token in ${controllerLog}: the controller prints one when multi-user mode starts with no accounts`,
        );
      return token;
    },
    createUser(name, role, password) {
      execFileSync(process.execPath, [cli, 'admin', 'create', name, '--role', role], {
        cwd: repo,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        input: `${password}\n`,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    },
    deleteUser(name) {
      execFileSync(process.execPath, [cli, 'admin', 'delete', name], {
        cwd: repo,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    },
    stop,
  };
}
