// `opstudio serve` in one function: make the root logger (JSON lines, or readable at a terminal;
// OPSTUDIO_LOG_LEVEL), start the server, log where it listens, stop cleanly on SIGINT/SIGTERM.
// Errors at start-up print as one plain line on stderr and give exit code 1, nothing left running.
// Also runnable alone: `node --import tsx apps/controller/src/serve.ts`.
import { pathToFileURL } from 'node:url';
import { ConfigError } from './config';
import type { ConfigOverrides } from './config';
import { DatabaseError } from './db';
import { KubeConfigError } from './kube/kubeconfig';
import { LeaseAccessError } from './kube/lease-access';
import { KubeUnreachableError } from './kube/probe';
import { createLogger, LOG_LEVEL_ENV, logLevelFrom, LogLevelError } from './log/logger';
import { startServer, StartupError } from './server';

const expected = [
  ConfigError,
  KubeConfigError,
  KubeUnreachableError,
  LeaseAccessError,
  DatabaseError,
  StartupError,
  LogLevelError,
];

/** Runs until a signal arrives; resolves with the process exit code. */
export async function serveUntilSignal(overrides: ConfigOverrides = {}): Promise<number> {
  let running;
  try {
    const logger = createLogger({ level: logLevelFrom(process.env[LOG_LEVEL_ENV]) });
    running = await startServer({ overrides, logger });
  } catch (err) {
    if (expected.some((E) => err instanceof E)) {
      console.error(`opstudio serve: ${(err as Error).message}`);
      return 1;
    }
    throw err;
  }
  const log = running.logger.child({ component: 'server' });
  log.info({ url: running.url, cluster: running.services.cluster.conn.server }, `listening on ${running.url}`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  log.info({ signal }, `${signal}, shutting down`);
  await running.close();
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await serveUntilSignal();
}
