// OIDC sign-in settings (the Helm chart's `oidc:` values arrive as these variables) and the pure
// rules applied to a provider's claims: who the user is, which of their groups the studio knows,
// and the studio role those groups give. Parsed once at start-up; every error names its variable.
// Decisions: docs/design/0026-oidc.md.
import { z } from 'zod';
import { envIssueText } from '../env-issue';
import { roles } from './roles';
import type { Role } from './roles';

/**
 * OIDC users and groups reach Kubernetes with this prefix, like the API server's
 * `--oidc-username-prefix`/`--oidc-groups-prefix`: a provider group called `admin` can never become
 * the studio's role group `opstudio:admin`, and no OIDC name can equal a local account's.
 */
export const OIDC_KUBE_PREFIX = 'oidc:';
/** The callback path, one segment under /api/auth/ so the web app's `/api/auth/[action]` route fronts it. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc-callback';

export interface OidcSettings {
  readonly issuer: URL;
  readonly clientId: string;
  /** undefined: a public client (PKCE alone); else client_secret_basic. */
  readonly clientSecret: string | undefined;
  readonly scopes: string;
  /** The ID token / userinfo claim that names the user. Default `sub`, as the API server's `--oidc-username-claim`. */
  readonly userClaim: string;
  readonly groupsClaim: string;
  /** Provider group → the roles it gives (a user gets the highest of their groups'). */
  readonly roleGroups: ReadonlyMap<string, Role>;
  /** Where the provider sends the browser back: the web app's /api/auth/oidc-callback. */
  readonly redirectUrl: URL;
  /** The button's text: "Sign in with <providerName>". */
  readonly providerName: string;
  /** Tests only: the provider on plain http://127.0.0.1 (openid-client refuses http issuers otherwise). */
  readonly allowHttp: boolean;
}

const text = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const claimName = (name: string, fallback: string) =>
  text.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:/-]{1,128}$/, `${name} must be a claim name such as ${fallback}`)
      .default(fallback),
  );

const ROLE_GROUPS_FORMAT = `OPSTUDIO_OIDC_ROLE_GROUPS must be JSON like {"admin":["platform-admins"],"viewer":["developers"]} (roles: ${roles.join(', ')})`;
const roleGroupsSchema = z.strictObject(
  Object.fromEntries(roles.map((r) => [r, z.array(z.string().trim().min(1).max(256)).max(100).optional()])) as Record<
    Role,
    z.ZodOptional<z.ZodArray<z.ZodString>>
  >,
);

const oidcEnvSchema = z.object({
  OPSTUDIO_OIDC_ISSUER: text.pipe(z.url({ error: 'OPSTUDIO_OIDC_ISSUER must be the issuer URL' }).optional()),
  OPSTUDIO_OIDC_CLIENT_ID: text.pipe(z.string().max(512, 'OPSTUDIO_OIDC_CLIENT_ID is too long').optional()),
  // no checks that would quote it: envIssueText prints the value
  OPSTUDIO_OIDC_CLIENT_SECRET: text,
  OPSTUDIO_OIDC_SCOPES: text.pipe(
    z
      .string()
      .regex(
        /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/,
        'OPSTUDIO_OIDC_SCOPES: scopes separated by spaces',
      )
      .refine((s) => s.split(' ').includes('openid'), 'OPSTUDIO_OIDC_SCOPES must include openid')
      .default('openid profile email'),
  ),
  OPSTUDIO_OIDC_USER_CLAIM: claimName('OPSTUDIO_OIDC_USER_CLAIM', 'sub'),
  OPSTUDIO_OIDC_GROUPS_CLAIM: claimName('OPSTUDIO_OIDC_GROUPS_CLAIM', 'groups'),
  OPSTUDIO_OIDC_ROLE_GROUPS: text.transform((v, ctx) => {
    if (v === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(v);
    } catch {
      json = undefined;
    }
    const parsed = roleGroupsSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: ROLE_GROUPS_FORMAT });
    return z.NEVER;
  }),
  OPSTUDIO_OIDC_REDIRECT_URL: text.pipe(z.url({ error: 'OPSTUDIO_OIDC_REDIRECT_URL must be a URL' }).optional()),
  OPSTUDIO_OIDC_PROVIDER_NAME: text.pipe(z.string().max(64, 'OPSTUDIO_OIDC_PROVIDER_NAME is too long').optional()),
  OPSTUDIO_OIDC_ALLOW_HTTP: z.enum(['true', 'false']).optional(),
  OPSTUDIO_WEB_URL: text,
});

export class OidcSettingsError extends Error {
  override readonly name = 'OidcSettingsError';
}

/** The OIDC settings, or undefined when OPSTUDIO_OIDC_ISSUER is unset (local accounts only). */
export function loadOidcSettings(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const parsed = oidcEnvSchema.safeParse(env);
  if (!parsed.success) throw new OidcSettingsError(envIssueText(parsed.error, env));
  const e = parsed.data;
  if (e.OPSTUDIO_OIDC_ISSUER === undefined) return undefined;
  const fail = (message: string): never => {
    throw new OidcSettingsError(message);
  };
  const clientId = e.OPSTUDIO_OIDC_CLIENT_ID ?? fail('OPSTUDIO_OIDC_ISSUER is set: set OPSTUDIO_OIDC_CLIENT_ID too');
  const roleGroups = roleGroupMap(e.OPSTUDIO_OIDC_ROLE_GROUPS ?? {});
  if (roleGroups.size === 0)
    fail(
      'OPSTUDIO_OIDC_ROLE_GROUPS maps no group to a role, so nobody could sign in through OIDC: set it like {"admin":["platform-admins"],"viewer":["developers"]}',
    );
  const redirect =
    e.OPSTUDIO_OIDC_REDIRECT_URL ??
    (e.OPSTUDIO_WEB_URL === undefined
      ? fail(
          'OIDC needs the address the provider sends the browser back to: set OPSTUDIO_OIDC_REDIRECT_URL (https://<studio>/api/auth/oidc-callback) or OPSTUDIO_WEB_URL',
        )
      : `${e.OPSTUDIO_WEB_URL.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`);
  const redirectUrl = new URL(redirect);
  if (redirectUrl.pathname !== OIDC_CALLBACK_PATH)
    fail(`OPSTUDIO_OIDC_REDIRECT_URL must end in ${OIDC_CALLBACK_PATH} (the studio's callback), not ${redirect}`);
  const issuer = new URL(e.OPSTUDIO_OIDC_ISSUER);
  const allowHttp = e.OPSTUDIO_OIDC_ALLOW_HTTP === 'true';
  if (issuer.protocol !== 'https:' && !allowHttp)
    fail('OPSTUDIO_OIDC_ISSUER must be an https:// URL (OPSTUDIO_OIDC_ALLOW_HTTP=true only for a test provider)');
  return {
    issuer,
    clientId,
    clientSecret: e.OPSTUDIO_OIDC_CLIENT_SECRET,
    scopes: e.OPSTUDIO_OIDC_SCOPES,
    userClaim: e.OPSTUDIO_OIDC_USER_CLAIM,
    groupsClaim: e.OPSTUDIO_OIDC_GROUPS_CLAIM,
    roleGroups,
    redirectUrl,
    providerName: e.OPSTUDIO_OIDC_PROVIDER_NAME ?? issuer.host,
    allowHttp,
  };
}

/** `{"admin":["ops"],"viewer":["ops","dev"]}` → ops: admin, dev: viewer (a group named twice gives the higher role). */
export function roleGroupMap(byRole: Partial<Record<Role, readonly string[]>>): ReadonlyMap<string, Role> {
  const out = new Map<string, Role>();
  for (const role of roles) for (const group of byRole[role] ?? []) out.set(group, role); // roles go upwards
  return out;
}

/** The highest role any of the groups gives, or undefined (no mapped group: refused). */
export function roleForGroups(groups: readonly string[], map: ReadonlyMap<string, Role>): Role | undefined {
  let best: Role | undefined;
  for (const g of groups) {
    const role = map.get(g);
    if (role !== undefined && (best === undefined || roles.indexOf(role) > roles.indexOf(best))) best = role;
  }
  return best;
}

/**
 * Kubernetes reads these as header values: printable ASCII without a comma (an intermediary may
 * join repeated headers with commas), trimmed, at most 256 characters.
 */
const KUBE_NAME = /^[\x21-\x2b\x2d-\x7e](?:[\x20-\x2b\x2d-\x7e]{0,254}[\x21-\x2b\x2d-\x7e])?$/;

export function isKubeSafeName(value: string): boolean {
  return KUBE_NAME.test(value);
}

export type OidcUser =
  | { readonly ok: true; readonly name: string; readonly role: Role; readonly kubeGroups: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Who the claims say the user is, for the studio: the name (`oidc:` + the user claim), the role
 * from their mapped groups, and the Kubernetes groups to impersonate: `oidc:` + each of their
 * groups that the mapping names (the chart lets the studio impersonate exactly those).
 */
export function oidcUserOf(
  claims: Record<string, unknown>,
  settings: Pick<OidcSettings, 'userClaim' | 'groupsClaim' | 'roleGroups'>,
): OidcUser {
  const raw = claims[settings.userClaim];
  if (typeof raw !== 'string' || raw === '')
    return { ok: false, reason: `the provider sent no "${settings.userClaim}" claim to name you by` };
  const name = `${OIDC_KUBE_PREFIX}${raw}`;
  if (!isKubeSafeName(name))
    return { ok: false, reason: `your "${settings.userClaim}" claim is not usable as a Kubernetes user name` };
  const groups = groupsOf(claims[settings.groupsClaim]);
  const role = roleForGroups(groups, settings.roleGroups);
  if (role === undefined)
    return {
      ok: false,
      reason: `none of your groups (${groups.length === 0 ? `no "${settings.groupsClaim}" claim` : groups.slice(0, 20).join(', ')}) is given a studio role`,
    };
  const kubeGroups = [...new Set(groups.filter((g) => settings.roleGroups.has(g)))]
    .map((g) => `${OIDC_KUBE_PREFIX}${g}`)
    .filter(isKubeSafeName);
  return { ok: true, name, role, kubeGroups };
}

/** A groups claim as providers send it: an array of strings, or one string. Anything else: none. */
export function groupsOf(claim: unknown): string[] {
  if (typeof claim === 'string') return claim === '' ? [] : [claim];
  if (!Array.isArray(claim)) return [];
  return claim.filter((g): g is string => typeof g === 'string' && g !== '').slice(0, 1000);
}
