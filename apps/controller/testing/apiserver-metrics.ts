// The API server's own /metrics, read as the sandbox's admin: what the studio asked of it, counted
// on the server side (so a test sees requests no client-side hook could hide).
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

/** A GET of a raw (non-JSON) path on the API server, as the kubeconfig's user. */
export async function rawGet(kc: KubeConfig, path: string): Promise<string> {
  const url = new URL(path, kc.getCurrentCluster()?.server);
  const opts: https.RequestOptions = { method: 'GET', headers: { accept: 'text/plain' } };
  await kc.applyToHTTPSOptions(opts);
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, opts, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks).toString('utf8'))
          : reject(new Error(`GET ${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** `apiserver_request_total` for one verb on one resource (no subresource), summed over codes and scopes. */
export async function apiserverRequests(
  kc: KubeConfig,
  q: { group: string; resource: string; verb: string },
): Promise<number> {
  const text = await rawGet(kc, '/metrics');
  let n = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('apiserver_request_total{')) continue;
    const labels = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'));
    if (
      labels.includes(`group="${q.group}"`) &&
      labels.includes(`resource="${q.resource}"`) &&
      labels.includes(`verb="${q.verb}"`) &&
      labels.includes('subresource=""')
    )
      n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}
