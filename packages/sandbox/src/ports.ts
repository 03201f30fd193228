// Port checks before start-up, so a busy port is a clear one-line error instead of a crash log.
import { createServer } from 'node:net';
import { PORT_OWNERS, type SandboxPorts } from './profiles';

/** Resolves true when nothing listens on 127.0.0.1:port (we could bind it). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** The ports the sandbox binds. */
export const BOUND_PORTS: readonly (keyof SandboxPorts)[] = [
  'apiserver',
  'etcdClient',
  'etcdPeer',
  'controllerManager',
  'scheduler',
  'kwok',
];

export async function busyPorts(
  ports: SandboxPorts,
  keys: readonly (keyof SandboxPorts)[] = BOUND_PORTS,
): Promise<(keyof SandboxPorts)[]> {
  const free = await Promise.all(keys.map((k) => isPortFree(ports[k])));
  return keys.filter((_, i) => !free[i]);
}

export function portBusyMessage(ports: SandboxPorts, busy: (keyof SandboxPorts)[], profileName: string): string {
  const list = busy.map((k) => `${ports[k]} (${PORT_OWNERS[k]})`).join(', ');
  const first = busy[0] ? ports[busy[0]] : 0;
  return `port ${list} already in use on 127.0.0.1: stop the process using it (see \`ss -ltnp 'sport = :${first}'\`) or, if it is an old sandbox, run \`opstudio sandbox down --profile ${profileName}\`.`;
}
