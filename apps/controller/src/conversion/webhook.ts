// The CRD conversion webhook of every design the studio installs with conversion rules
// (docs/design/0053): HTTPS on loopback with the studio's own CA (certs.ts), one path per design
// version, `POST /convert/<designId>/<designVersion>`, answered with that version's rules
// (packages/shared/src/conversion). The API server of a cluster on this machine (the sandbox)
// reaches it through the CRD's `clientConfig.url`; the CA bundle goes into `caBundle`. Renewals
// swap the server's certificate in place and tell the listeners (the CRDs are re-pointed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadCel } from '@opstudio/cel/node';
import { conversionPlan, type ConversionPlan } from '@opstudio/shared/conversion/convert';
import { answerReview, CONVERSION_REVIEW } from '@opstudio/shared/conversion/review';
import type { Design } from '@opstudio/shared/design/schema';
import { ensureCerts, type WebhookCerts } from './certs';

/** What the CRD needs to call the webhook. */
export interface WebhookClientConfig {
  readonly url: string;
  /** base64 of the PEM bundle */
  readonly caBundle: string;
}

export interface ConversionWebhookOptions {
  /** where the certificates live (owner-only) */
  readonly dir: string;
  readonly port?: number;
  /** a design version, parsed (the design store) */
  readonly load: (designId: string, version: number) => Promise<Design>;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
  /** how often the certificates are checked for renewal */
  readonly checkEveryMs?: number;
}

const PATH = /^\/convert\/([A-Za-z0-9_-]{1,64})\/([1-9][0-9]{0,8})$/;
const MAX_BODY = 16 * 1024 * 1024;

export class ConversionWebhook {
  private certs: WebhookCerts;
  private readonly plans = new Map<string, Promise<ConversionPlan>>();
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly server: https.Server,
    private readonly opts: ConversionWebhookOptions,
    certs: WebhookCerts,
  ) {
    this.certs = certs;
  }

  static async start(opts: ConversionWebhookOptions): Promise<ConversionWebhook> {
    const { certs } = ensureCerts(opts.dir);
    const server = https.createServer({ key: certs.serving.keyPem, cert: certs.serving.certPem });
    const self = new ConversionWebhook(server, opts, certs);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void self.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
    });
    self.timer = setInterval(() => self.renew(), opts.checkEveryMs ?? 12 * 3600 * 1000);
    self.timer.unref();
    return self;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The CRD's clientConfig for a design version. */
  clientConfig(designId: string, version: number): WebhookClientConfig {
    return {
      url: `https://127.0.0.1:${this.port}/convert/${designId}/${version}`,
      caBundle: Buffer.from(this.certs.bundle).toString('base64'),
    };
  }

  /** Called after the CA changed (the CRDs need the new bundle); returns the unsubscribe. */
  onBundleChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Renews what is near its end; exposed for the test of renewal. */
  renew(now = new Date()): void {
    const r = ensureCerts(this.opts.dir, now);
    if (!r.renewed) return;
    this.certs = r.certs;
    this.server.setSecureContext({ key: r.certs.serving.keyPem, cert: r.certs.serving.certPem });
    this.opts.log?.('Renewed the conversion webhook certificate', { notAfter: r.certs.serving.notAfter.toISOString() });
    if (r.bundleChanged) for (const l of this.listeners) l();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private plan(designId: string, version: number): Promise<ConversionPlan> {
    const key = `${designId}/${version}`;
    let p = this.plans.get(key);
    if (p === undefined) {
      // the rules are CEL: the module starts with the first conversion (docs/design/0059)
      p = Promise.all([this.opts.load(designId, version), loadCel()]).then(([design]) => conversionPlan(design));
      p.catch(() => this.plans.delete(key)); // a failed load is tried again next time
      this.plans.set(key, p);
    }
    return p;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // the API server adds `?timeout=30s`
    const m = PATH.exec((req.url ?? '').split('?')[0]!);
    if (req.method !== 'POST' || m === null) return send(404, { message: 'not found' });
    let text = '';
    try {
      text = await readBody(req);
    } catch (err) {
      return send(413, { message: String(err instanceof Error ? err.message : err) });
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return send(400, { message: 'the body is not JSON' });
    }
    const review = CONVERSION_REVIEW.safeParse(raw);
    if (!review.success)
      return send(400, { message: `not a ConversionReview v1: ${review.error.issues[0]?.message ?? ''}` });
    let plan: ConversionPlan;
    try {
      plan = await this.plan(m[1]!, Number(m[2]));
    } catch (err) {
      const message = `design ${m[1]!} version ${m[2]!} cannot convert: ${err instanceof Error ? err.message : String(err)}`;
      this.opts.log?.('Conversion failed', { message });
      return send(200, {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'ConversionReview',
        response: { uid: review.data.request.uid, convertedObjects: [], result: { status: 'Failure', message } },
      });
    }
    const answer = answerReview(plan, review.data);
    if (answer.response.result.status === 'Failure')
      this.opts.log?.('Conversion failed', { message: answer.response.result.message });
    send(200, answer);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('the review is too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
