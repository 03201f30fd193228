// One keep-alive HTTPS agent per TLS identity, for the studio's plain requests (./json-client.ts).
// client-node's `applyToHTTPSOptions` builds a new https.Agent for every request, so each request
// opened a new connection: a TLS handshake and a new secure context (the client key parsed again).
// In a burst of reconciles that was the controller's largest CPU cost (docs/design/0020). client-go
// keeps one transport per TLS config; so do we: agents are keyed by what they verify and present
// (CA, client certificate and key, server name, verification switch), so a kubeconfig whose
// certificates rotate gets a new agent, and requests with other credentials never share a
// connection. Proxy agents (a cluster with proxy-url) are left as client-node made them.
// The generated API clients (`makeApiClient`: Events, Leases, SubjectAccessReviews…) authenticate
// through the KubeConfig too, so every KubeConfig the studio loads is a KeptAliveKubeConfig: the
// recorder's Event writes and the Lease renewals made a handshake each until then (0018).
import { createHash } from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { KubeConfig } from '@kubernetes/client-node';
import type { RequestContext } from '@kubernetes/client-node';

/** The TLS fields of request options that decide which connection a request may reuse. */
const TLS_FIELDS = [
  'ca',
  'cert',
  'key',
  'pfx',
  'passphrase',
  'rejectUnauthorized',
  'servername',
  'ciphers',
  'secureProtocol',
] as const;

/** Agents kept; a process talks to one or two clusters, so more means credentials keep changing. */
const MAX_AGENTS = 16;
const IDLE_MS = 30_000;
const agents = new Map<string, https.Agent>();

/** The identity of a TLS configuration (a digest: no key material is kept as a map key). */
export function tlsIdentity(opts: https.RequestOptions): string {
  const hash = createHash('sha256');
  for (const field of TLS_FIELDS) {
    const value: unknown = opts[field];
    const parts = Array.isArray(value) ? value : [value];
    hash.update(`${field}:${parts.map((p) => (p === undefined ? '' : String(p))).join('\u0000')}\u0001`);
  }
  return hash.digest('hex');
}

/**
 * Replaces the per-request agent client-node put on `opts` by the shared keep-alive agent of the
 * same TLS identity. Leaves any other agent (proxies, plain HTTP) alone.
 */
export function shareAgent(opts: https.RequestOptions): void {
  const made = opts.agent;
  if (typeof made !== 'object') return;
  opts.agent = sharedAgent<http.Agent>(made);
}

/** The shared keep-alive agent with the TLS settings of `made` (a per-request https.Agent); any other agent as it is. */
export function sharedAgent<A extends object>(made: A): A | https.Agent {
  // idle connections close after IDLE_MS: a server may drop them first (json-client retries that once)
  return pooledAgent(agents, made, (options) => new https.Agent({ ...options, keepAlive: true, timeout: IDLE_MS }));
}

/**
 * From `pool`, the agent of `made`'s TLS identity (`make` builds it the first time); `made` itself
 * when it is not client-node's plain per-request https.Agent (a proxy's). Past MAX_AGENTS the oldest goes.
 */
function pooledAgent<A extends object>(
  pool: Map<string, https.Agent>,
  made: A,
  make: (options: https.AgentOptions) => https.Agent,
): A | https.Agent {
  if (made.constructor !== https.Agent) return made;
  const { options } = made as unknown as https.Agent & { options: https.AgentOptions };
  const key = tlsIdentity(options);
  let agent = pool.get(key);
  if (agent === undefined) {
    if (pool.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = pool.entries().next().value as [string, https.Agent];
      pool.delete(oldestKey);
      oldest.destroy();
    }
    agent = make(options);
    pool.set(key, agent);
  }
  return agent;
}

/** A KubeConfig whose generated API clients (`makeApiClient`) share the keep-alive agents as well. */
export class KeptAliveKubeConfig extends KubeConfig {
  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    await super.applySecurityAuthentication(context);
    const made = context.getAgent();
    if (made !== undefined) context.setAgent(sharedAgent(made));
  }
}

/**
 * The same contexts with a connection per request, for Lease renewals: a leader's term must not
 * depend on the pooled connections, which a half-open link (a proxy that stops forwarding) stalls
 * until a request times out. A renewal on a fresh connection succeeds or fails on its own; it
 * costs one handshake per retry period (2 s), not one per Event. client-go's leader election keeps
 * its own client for the same reason. The handshake is made cheap: one agent per TLS identity
 * that keeps no connection but builds its TLS context once (client-node's agent per request parsed
 * the client key and the CA again for every renewal: most of an idle controller's CPU) and keeps
 * the server's TLS sessions, so a renewal resumes one instead of a full handshake.
 */
export function freshConnectionsKubeConfig(kc: KubeConfig): KubeConfig {
  const fresh = new FreshConnectionsKubeConfig();
  fresh.loadFromOptions({
    clusters: [...kc.clusters],
    users: [...kc.users],
    contexts: [...kc.contexts],
    currentContext: kc.getCurrentContext(),
  });
  return fresh;
}

class FreshConnectionsKubeConfig extends KubeConfig {
  private readonly agents = new Map<string, https.Agent>();

  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    await super.applySecurityAuthentication(context);
    const made = context.getAgent();
    if (made !== undefined) context.setAgent(this.freshAgent(made));
  }

  /** The connection-per-request agent with the TLS settings of `made` (client-node's per-request https.Agent). */
  private freshAgent<A extends object>(made: A): A | https.Agent {
    return pooledAgent(
      this.agents,
      made,
      (options) => new https.Agent({ ...options, keepAlive: false, secureContext: tls.createSecureContext(options) }),
    );
  }
}
