// A TCP pass-through for fault tests: in front of the sandbox's API server (TLS passes through
// untouched; the serving certificate covers 127.0.0.1 on any port) or of the web app (the e2e
// tests cut a page's live stream with it: Playwright's setOffline leaves an open SSE stream be).
// Clients keep their connections alive (kube/keepalive-agent.ts) and open new ones when those
// fail, so faults can target the connections open now while new ones work:
//   cut()       every connection reset and the port closed (the API server "goes away");
//   freeze()    the connections open now go silent both ways, never closing (a half-open link);
//   hold()      new connections get no answer until release() (a request still connecting).
import net from 'node:net';
import { loadKubeConfig } from '../src/kube/kubeconfig';
import type { LoadedKubeConfig } from '../src/kube/kubeconfig';

interface Pair {
  readonly client: net.Socket;
  readonly upstream: net.Socket;
  frozen: boolean;
  held: Buffer[] | undefined;
}

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly pairs = new Set<Pair>();
  private holding = false;
  /** Connections accepted since the proxy was created. */
  accepted = 0;
  port = 0;

  constructor(private readonly target: { readonly host: string; readonly port: number }) {}

  static toServer(server: string): TcpProxy {
    const url = new URL(server);
    return new TcpProxy({ host: url.hostname, port: Number(url.port || 443) });
  }

  /** Connections open now (frozen and held ones included). */
  get connections(): number {
    return this.pairs.size;
  }

  /** Held connections waiting for release(). */
  get waiting(): number {
    return [...this.pairs].filter((p) => p.held !== undefined).length;
  }

  /** Listens on `port` (0: any free port; reopening after cut() keeps the same one by default). */
  async listen(port = this.port): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  freeze(): number {
    for (const p of this.pairs) p.frozen = true;
    return this.pairs.size;
  }

  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const p of this.pairs) {
      const held = p.held;
      p.held = undefined;
      for (const chunk of held ?? []) if (!p.frozen) p.client.write(chunk);
    }
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const p of this.pairs) {
      p.client.destroy();
      p.upstream.destroy();
    }
    this.pairs.clear();
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    this.accepted += 1;
    const upstream = net.connect(this.target.port, this.target.host);
    const pair: Pair = { client, upstream, frozen: false, held: this.holding ? [] : undefined };
    this.pairs.add(pair);
    for (const s of [client, upstream]) {
      s.on('error', () => undefined);
      // A frozen pair still reads, so a close from either side ends both and nothing lingers.
      s.on('close', () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (d: Buffer) => {
      if (!pair.frozen) upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (pair.frozen) return;
      if (pair.held !== undefined) pair.held.push(d);
      else client.write(d);
    });
  }
}

/** The test sandbox's kubeconfig with its API server reached through `proxy` (same credentials and CA). */
export function kubeConfigThrough(proxy: TcpProxy, kubeconfig: string | undefined): LoadedKubeConfig {
  const conn = loadKubeConfig(kubeconfig ?? '');
  const cluster = conn.kc.getCurrentCluster();
  if (cluster === null) throw new Error(`${kubeconfig ?? '(no kubeconfig)'} names no current cluster`);
  const server = `https://127.0.0.1:${proxy.port}`;
  Object.assign(cluster, { server });
  return { ...conn, server };
}
