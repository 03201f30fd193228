// How the web app's own server listens (server/serve.ts): address, port, and HTTPS when a
// certificate and key are named. Pure, so the rules are tested without a server; the files are
// read and checked by serve.ts. docs/design/0027-tls-and-logs.md.

export const TLS_CERT_ENV = 'OPSTUDIO_TLS_CERT';
export const TLS_KEY_ENV = 'OPSTUDIO_TLS_KEY';
export const HSTS_ENV = 'OPSTUDIO_HSTS';
/** One year, no includeSubDomains: the studio speaks for its own host only. */
export const DEFAULT_HSTS = 'max-age=31536000';

export interface TlsFiles {
  readonly certFile: string;
  readonly keyFile: string;
}

export interface ServingSettings {
  readonly host: string;
  readonly port: number;
  /** Absent: plain HTTP (the studio sits behind a proxy that terminates TLS, or on loopback). */
  readonly tls: TlsFiles | undefined;
  /** The Strict-Transport-Security value sent with every HTTPS answer; undefined: none. */
  readonly hsts: string | undefined;
}

const HSTS_VALUE = /^max-age=\d{1,10}(\s*;\s*includeSubDomains)?(\s*;\s*preload)?$/i;

/** OPSTUDIO_HSTS: unset → one year; `off` → no header; else a header value such as `max-age=600; includeSubDomains`. */
export function hstsSetting(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (value === undefined || value === '') return DEFAULT_HSTS;
  if (value.toLowerCase() === 'off') return undefined;
  if (!HSTS_VALUE.test(value))
    throw new Error(
      `${HSTS_ENV} must be off or a Strict-Transport-Security value like ${DEFAULT_HSTS}; includeSubDomains, not ${JSON.stringify(value)}`,
    );
  return value;
}

function flagValues(args: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new Error(`web: unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!['--port', '--hostname', '--tls-cert', '--tls-key'].includes(name))
      throw new Error(`web: unknown option ${name} (known: --port, --hostname, --tls-cert, --tls-key)`);
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || value.startsWith('--')) throw new Error(`web: ${name} needs a value`);
    out.set(name, value);
  }
  return out;
}

/**
 * Flags win over the environment. The port is OPSTUDIO_WEB_PORT (what the front door checks Host
 * against) or PORT; the address OPSTUDIO_WEB_HOST, never HOSTNAME (container runtimes set that to
 * the container's name).
 */
export function servingSettings(args: readonly string[], env: Record<string, string | undefined>): ServingSettings {
  const flags = flagValues(args);
  const rawPort = flags.get('--port') ?? env.OPSTUDIO_WEB_PORT ?? env.PORT ?? '3000';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535)
    throw new Error(`web: the port must be a number from 1 to 65535, not ${JSON.stringify(rawPort)}`);
  const host = flags.get('--hostname') ?? env.OPSTUDIO_WEB_HOST ?? '127.0.0.1';
  const certFile = flags.get('--tls-cert') ?? nonEmpty(env[TLS_CERT_ENV]);
  const keyFile = flags.get('--tls-key') ?? nonEmpty(env[TLS_KEY_ENV]);
  if ((certFile === undefined) !== (keyFile === undefined))
    throw new Error(
      `web: HTTPS needs both a certificate and its key: set ${TLS_CERT_ENV} and ${TLS_KEY_ENV} (or --tls-cert and --tls-key), or neither`,
    );
  const tls = certFile !== undefined && keyFile !== undefined ? { certFile, keyFile } : undefined;
  return { host, port, tls, hsts: tls === undefined ? undefined : hstsSetting(env[HSTS_ENV]) };
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/** The URL a person opens: brackets around an IPv6 address, the scheme that is served. */
export function servedUrl(settings: Pick<ServingSettings, 'host' | 'port' | 'tls'>): string {
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return `${settings.tls === undefined ? 'http' : 'https'}://${host}:${settings.port}`;
}
