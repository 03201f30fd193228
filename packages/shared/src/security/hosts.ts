// Which `Host` a studio server answers for: the defence against DNS rebinding. A page on
// http://anything.example:3000 whose name is re-pointed to 127.0.0.1 becomes same-origin with a
// loopback server, and its requests carry `Host: anything.example:3000`; a server that answers
// only for its own loopback names and the hosts it was configured for never serves that page.
// (kubectl proxy's `--accept-hosts` is the same defence.) Used by the controller and by the web
// app's proxy, so both servers apply one rule. Pure: no I/O.
import { isDns1123Label } from '../kube/names';

export const ALLOWED_HOSTS_ENV = 'OPSTUDIO_ALLOWED_HOSTS';

/** The names by which only this machine reaches a server; any other name may resolve anywhere. */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

export interface HostPolicy {
  /** The ports this server is reached on (its own; for the controller also the web app's). */
  readonly ports: readonly number[];
  /** From OPSTUDIO_ALLOWED_HOSTS: `name` (any port) or `name:port`, lower case. */
  readonly configured: readonly string[];
  /**
   * Single-user mode: this launch's own `<random>.localhost` name (launch.ts). Like the loopback
   * names it counts only with a served port; unlike them, no other server shares it.
   */
  readonly launchHost?: string | undefined;
}

export interface HostAddress {
  readonly name: string;
  /** undefined: the header named no port. */
  readonly port: number | undefined;
}

const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;
/** A bracketed IPv6 address, or a host name: dot-separated DNS labels (1-63 characters each). */
const isHostName = (name: string): boolean => IPV6_LITERAL.test(name) || name.split('.').every(isDns1123Label);

/** `name[:port]` as a Host header carries it; undefined when it is not one. */
export function parseHost(raw: string): HostAddress | undefined {
  const text = raw.trim().toLowerCase();
  if (text.length === 0 || text.length > 260) return undefined;
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(text);
  if (m === null) return undefined;
  const name = m[1] ?? '';
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (!isHostName(name) || (port !== undefined && (port < 1 || port > 65535))) return undefined;
  return { name, port };
}

/**
 * The entries of OPSTUDIO_ALLOWED_HOSTS (comma-separated `name` or `name:port`). Throws a message
 * naming the setting and the entry for anything that is not a host name (a URL, a path, a `*`).
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    if (parseHost(entry) === undefined) {
      throw new Error(
        `${ALLOWED_HOSTS_ENV}: "${entry.slice(0, 80)}" is not a host name: list names like studio.example.com or studio.example.com:8443, separated by commas`,
      );
    }
  }
  return entries;
}

/** True when `hostHeader` names this server: a loopback name or the launch host with a served port, or a configured host. */
export function hostAllowed(hostHeader: string | undefined, policy: HostPolicy): boolean {
  if (hostHeader === undefined) return false;
  const host = parseHost(hostHeader);
  if (host === undefined) return false;
  if (isLoopbackName(host.name) || host.name === policy.launchHost) {
    return policy.ports.includes(host.port ?? 80);
  }
  return policy.configured.some((entry) => {
    const allowed = parseHost(entry);
    return (
      allowed !== undefined && allowed.name === host.name && (allowed.port === undefined || allowed.port === host.port)
    );
  });
}

/** The one-line refusal for a request whose `header` (Host or X-Forwarded-Host) is not allowed; undefined when it is. */
export function hostRefusal(
  header: 'Host' | 'X-Forwarded-Host',
  value: string | undefined,
  policy: HostPolicy,
): string | undefined {
  if (hostAllowed(value, policy)) return undefined;
  const shown = value === undefined ? 'no Host header' : `${header} ${JSON.stringify(value.slice(0, 100))}`;
  return `request for ${shown} refused: this studio answers only for ${describePolicy(policy)}; to serve it under another name, add that name to ${ALLOWED_HOSTS_ENV}`;
}

/** True when `origin` (scheme://host[:port], no path) is one of the hosts the policy serves. */
export function originAllowedByHosts(origin: string, policy: HostPolicy): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  // URL drops a default port: put it back so `http://studio.example` means port 80
  const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
  return hostAllowed(`${url.hostname}:${port}`, policy);
}

/** True for the names every server on this machine shares (a cookie there reaches all of them). */
export function isLoopbackName(name: string): boolean {
  return (LOOPBACK_NAMES as readonly string[]).includes(name);
}

function describePolicy(policy: HostPolicy): string {
  // the launch host is never named: a refusal must not tell a stranger the studio's secret name
  const loopback =
    policy.ports.length === 0 ? [] : [`${LOOPBACK_NAMES.join(', ')} on port ${policy.ports.join(' or ')}`];
  return [...loopback, ...policy.configured].join(', ') || 'no host at all';
}
