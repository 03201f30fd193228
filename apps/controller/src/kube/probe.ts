// A small GET with a hard timeout, for health probes (/version, /readyz). The generated API
// client has no per-request timeout, and a probe that hangs on a half-open connection would
// report "connected" forever.
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

export class KubeUnreachableError extends Error {
  override readonly name = 'KubeUnreachableError';
}

export interface ServerVersion {
  readonly gitVersion: string;
}

export async function getJson<T>(kc: KubeConfig, path: string, timeoutMs = 3000): Promise<T> {
  const server = kc.getCurrentCluster()?.server ?? '';
  const url = new URL(path, server);
  // A fresh connection per probe (no keep-alive pool): a half-open pooled socket must not
  // answer for the API server's health.
  const opts: https.RequestOptions = {
    method: 'GET',
    timeout: timeoutMs,
    agent: false,
    headers: { accept: 'application/json' },
  };
  await kc.applyToHTTPSOptions(opts);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<T>((resolve, reject) => {
    const req = transport.request(url, opts, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 0) >= 400) {
          reject(
            new KubeUnreachableError(
              `the Kubernetes API server at ${server} answered ${res.statusCode} to GET ${path}: ${body.slice(0, 200)}`,
            ),
          );
          return;
        }
        try {
          resolve(JSON.parse(body) as T);
        } catch {
          reject(
            new KubeUnreachableError(`the Kubernetes API server at ${server} sent a non-JSON answer to GET ${path}`),
          );
        }
      });
    });
    // A deadline for the whole exchange: the socket's idle `timeout` alone restarts once the TLS
    // layer takes over, so a peer that accepts and stays silent cost twice the timeout.
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      const why = err.code ?? err.message;
      reject(
        new KubeUnreachableError(
          `cannot reach the Kubernetes API server at ${server} (${why}): is the cluster running? (\`npx opstudio sandbox status\`)`,
        ),
      );
    });
    req.end();
  });
}

export function getServerVersion(kc: KubeConfig, timeoutMs?: number): Promise<ServerVersion> {
  return getJson<ServerVersion>(kc, '/version', timeoutMs);
}
