// `opstudio serve` in one function: start the server, print where it listens, stop cleanly on
// SIGINT/SIGTERM. Errors at start-up print as one line and give exit code 1, nothing left running.
// Also runnable alone: `node --import tsx apps/controller/src/serve.ts`.
import { pathToFileURL } from 'node:url';
import { ConfigError } from './config';
import type { ConfigOverrides } from './config';
import { DatabaseError } from './db';
import { KubeConfigError } from './kube/kubeconfig';
import { LeaseAccessError } from './kube/lease-access';
import { KubeUnreachableError } from './kube/probe';
import { startServer, StartupError } from './server';

const expected = [ConfigError, KubeConfigError, KubeUnreachableError, LeaseAccessError, DatabaseError, StartupError];

/** Runs until a signal arrives; resolves with the process exit code. */
export async function serveUntilSignal(overrides: ConfigOverrides = {}): Promise<number> {
  let running;
  try {
    running = await startServer({ overrides });
  } catch (err) {
    if (expected.some((E) => err instanceof E)) {
      console.error(`opstudio serve: ${(err as Error).message}`);
      return 1;
    }
    throw err;
  }
  console.log(`controller: listening on ${running.url} · cluster ${running.services.cluster.conn.server}`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  console.error(`controller: ${signal}, shutting down`);
  await running.close();
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await serveUntilSignal();
}
