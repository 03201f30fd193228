// Plain-JSON requests to the API server. The generated client turns objects into model classes
// (`x-kubernetes-validations` becomes `xKubernetesValidations`, times become Dates); the
// breaking-change diff and the SSA body need the API's own JSON, byte for byte what the server
// sends. Refusals are KubeApiError (./errors.ts), the one shape every caller reads.
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { jsonText } from '@opstudio/shared/crd/json-text';
import { KubeApiError, statusOf } from './errors';
import { shareAgent } from './keepalive-agent';
import { KubeUnreachableError } from './probe';

export interface KubeRequest {
  readonly method: 'GET' | 'PATCH' | 'PUT' | 'DELETE' | 'POST';
  readonly path: string;
  readonly query?: Record<string, string | undefined>;
  readonly body?: unknown;
  readonly contentType?: string;
  /** default application/json; a metadata-only list asks for `application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1` */
  readonly accept?: string;
  readonly timeoutMs?: number;
  /** The call in words, for the message of a refusal (`apply Deployment x`); default: verb and path. */
  readonly what?: string;
  /** filled with the answer's `Warning` headers, each as sent (`299 - "text"`) */
  readonly warnings?: string[];
}

export class KubeJson {
  constructor(private readonly kc: KubeConfig) {}

  get server(): string {
    return this.kc.getCurrentCluster()?.server ?? '';
  }

  /**
   * Like client-go, retries 429 answers after their Retry-After (capped at 1 s, for at most 10 s):
   * the API server sends them while it (re)initializes a CRD's storage right after an update.
   */
  async request<T>(req: KubeRequest): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        return await this.once<T>(req);
      } catch (err) {
        if (!(err instanceof KubeApiError) || err.code !== 429 || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(100, (err.retryAfter ?? 0) * 1000))));
      }
    }
  }

  private async once<T>(req: KubeRequest): Promise<T> {
    const url = new URL(req.path, this.server);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    // jsonText: a CRD's exact integer (a bigint, docs/design/0044) goes out digit for digit
    const body = req.body === undefined ? undefined : jsonText(req.body);
    const headers: Record<string, string> = { accept: req.accept ?? 'application/json' };
    if (body !== undefined) {
      headers['content-type'] = req.contentType ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const opts: https.RequestOptions = { method: req.method, timeout: req.timeoutMs ?? 30_000, headers };
    await this.kc.applyToHTTPSOptions(opts); // credentials and an agent with the cluster's TLS settings
    shareAgent(opts); // one keep-alive connection pool per TLS identity, not a handshake per request
    return this.send<T>(req, url, opts, body, true);
  }

  private send<T>(
    req: KubeRequest,
    url: URL,
    opts: https.RequestOptions,
    body: string | undefined,
    mayResend: boolean,
  ) {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<T>((resolve, reject) => {
      const r = transport.request(url, opts, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          for (let i = 0; req.warnings !== undefined && i < res.rawHeaders.length; i += 2)
            if (res.rawHeaders[i]!.toLowerCase() === 'warning') req.warnings.push(res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          if (status >= 400) {
            const retryAfter = Number(res.headers['retry-after']);
            const request = { verb: req.method, path: req.path };
            reject(
              new KubeApiError({
                code: status,
                status: statusOf(parsed),
                request,
                what: req.what,
                retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
              }),
            );
            return;
          }
          resolve(parsed as T);
        });
      });
      r.on('timeout', () =>
        r.destroy(Object.assign(new Error(`no answer within ${req.timeoutMs ?? 30_000} ms`), { code: 'ETIMEDOUT' })),
      );
      r.on('error', (err: NodeJS.ErrnoException) => {
        // a kept-alive connection the server closed as we reused it: send once more on a fresh one (Node's advice)
        if (mayResend && r.reusedSocket && err.code === 'ECONNRESET') {
          resolve(this.send<T>(req, url, opts, body, false));
          return;
        }
        reject(
          new KubeUnreachableError(
            `cannot reach the Kubernetes API server at ${this.server} (${err.code ?? err.message}): is the cluster running? (\`npx opstudio sandbox status\`)`,
          ),
        );
      });
      if (body !== undefined) r.write(body);
      r.end();
    });
  }
}
