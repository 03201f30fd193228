// The security settings, parsed once at start-up from the environment (flags override). Kept
// beside the code that uses them; the lead may fold `authEnvSchema` into src/config.ts.
import { parseAllowedHosts } from '@opstudio/shared/security/hosts';
import { z } from 'zod';
import { envIssueText } from '../env-issue';
import type { AuthMode } from './mode';
import { loadOidcSettings, OidcSettingsError } from './oidc-settings';
import type { OidcSettings } from './oidc-settings';
import { DEFAULT_BODY_LIMIT } from './request-guard';
import { DEFAULT_SESSION_TTL_MS } from './service';

const onOff = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (['on', '1', 'true', 'yes'].includes(v)) return true;
      if (['off', '0', 'false', 'no'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be on or off` });
      return z.NEVER;
    });

/** A shared secret from the environment: unset, or long enough not to be guessed. */
const secret = (name: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .pipe(
      z
        .string()
        .min(16, `${name} must be at least 16 characters (use a random value, e.g. openssl rand -hex 24)`)
        .max(512, `${name} must be at most 512 characters`)
        .optional(),
    );

export const authEnvSchema = z.object({
  OPSTUDIO_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseAllowedHosts(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  OPSTUDIO_PROXY_SECRET: secret('OPSTUDIO_PROXY_SECRET'),
  OPSTUDIO_LAUNCH_TOKEN: secret('OPSTUDIO_LAUNCH_TOKEN'),
  OPSTUDIO_METRICS_TOKEN: secret('OPSTUDIO_METRICS_TOKEN'),
  OPSTUDIO_AUTH: onOff('OPSTUDIO_AUTH'),
  OPSTUDIO_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  OPSTUDIO_SESSION_TTL_HOURS: z.coerce
    .number({ error: 'OPSTUDIO_SESSION_TTL_HOURS must be a number of hours' })
    .positive('OPSTUDIO_SESSION_TTL_HOURS must be above 0')
    .max(24 * 30, 'OPSTUDIO_SESSION_TTL_HOURS must be at most 720 (30 days)')
    .optional(),
  OPSTUDIO_SECURE_COOKIES: onOff('OPSTUDIO_SECURE_COOKIES'),
  OPSTUDIO_MAX_BODY_BYTES: z.coerce
    .number({ error: 'OPSTUDIO_MAX_BODY_BYTES must be a number of bytes' })
    .int()
    .min(1024, 'OPSTUDIO_MAX_BODY_BYTES must be at least 1024')
    .optional(),
  OPSTUDIO_KUBE_USER_PREFIX: z.string().optional(),
  OPSTUDIO_KUBE_GROUP_PREFIX: z.string().optional(),
});

export interface KubeIdentityMapping {
  /** Kubernetes user = prefix + studio user name. Default `opstudio:`. */
  readonly userPrefix: string;
  /** Kubernetes group = prefix + role. Default `opstudio:`. */
  readonly groupPrefix: string;
}

export const DEFAULT_IDENTITY_MAPPING: KubeIdentityMapping = { userPrefix: 'opstudio:', groupPrefix: 'opstudio:' };

export interface AuthConfig {
  readonly mode: AuthMode;
  readonly allowedOrigins: readonly string[];
  /** OPSTUDIO_ALLOWED_HOSTS: names served besides the loopback names (the Host allow-list). */
  readonly allowedHosts: readonly string[];
  /** Shared with this launch's web app: its forwarded headers count only with it (client-address.ts). */
  readonly proxySecret: string | undefined;
  /** Single-user mode: the per-launch token (generated at start when unset). */
  readonly launchToken: string | undefined;
  /** Bearer token for /metrics (multi-user mode requires one; single-user mode also takes the launch token). */
  readonly metricsToken: string | undefined;
  readonly sessionTtlMs: number;
  /** undefined: Secure only when the browser reached the studio over HTTPS (its Origin says so). */
  readonly secureCookies: boolean | undefined;
  readonly maxBodyBytes: number;
  readonly identity: KubeIdentityMapping;
  /** OIDC sign-in (OPSTUDIO_OIDC_*, oidc-settings.ts); undefined: local accounts only. */
  readonly oidc?: OidcSettings | undefined;
}

export class AuthConfigError extends Error {
  override readonly name = 'AuthConfigError';
}

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env, overrides: { auth?: boolean } = {}): AuthConfig {
  const parsed = authEnvSchema.safeParse(env);
  if (!parsed.success) throw new AuthConfigError(envIssueText(parsed.error, env));
  const e = parsed.data;
  const mode = (overrides.auth ?? e.OPSTUDIO_AUTH ?? false) ? 'multi-user' : 'single-user';
  let oidc: OidcSettings | undefined;
  try {
    oidc = loadOidcSettings(env);
  } catch (err) {
    if (err instanceof OidcSettingsError) throw new AuthConfigError(err.message);
    throw err;
  }
  if (oidc !== undefined && mode === 'single-user')
    throw new AuthConfigError(
      'OPSTUDIO_OIDC_ISSUER is set but sign-in is off: start with --auth (or OPSTUDIO_AUTH=on) for OIDC sign-in',
    );
  return {
    mode,
    oidc,
    allowedOrigins: e.OPSTUDIO_ALLOWED_ORIGINS,
    sessionTtlMs:
      e.OPSTUDIO_SESSION_TTL_HOURS === undefined ? DEFAULT_SESSION_TTL_MS : e.OPSTUDIO_SESSION_TTL_HOURS * 3_600_000,
    secureCookies: e.OPSTUDIO_SECURE_COOKIES,
    allowedHosts: e.OPSTUDIO_ALLOWED_HOSTS,
    proxySecret: e.OPSTUDIO_PROXY_SECRET,
    launchToken: e.OPSTUDIO_LAUNCH_TOKEN,
    metricsToken: e.OPSTUDIO_METRICS_TOKEN,
    maxBodyBytes: e.OPSTUDIO_MAX_BODY_BYTES ?? DEFAULT_BODY_LIMIT,
    identity: {
      userPrefix: e.OPSTUDIO_KUBE_USER_PREFIX ?? DEFAULT_IDENTITY_MAPPING.userPrefix,
      groupPrefix: e.OPSTUDIO_KUBE_GROUP_PREFIX ?? DEFAULT_IDENTITY_MAPPING.groupPrefix,
    },
  };
}
