/** A port check before starting a server, so the error names the port and what to do. */
import net from 'node:net';

export function portFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function assertPortsFree(ports: { port: number; what: string; env: string }[]): Promise<void> {
  for (const p of ports) {
    if (!(await portFree(p.port))) {
      throw new Error(
        `port ${p.port} (${p.what}) is already in use: stop whatever listens there, or set ${p.env} to another port`,
      );
    }
  }
}
