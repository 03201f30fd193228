// Writes made for a user reach the API server as that user: the studio's own credentials plus
// `Impersonate-User` / `Impersonate-Group`, so Kubernetes RBAC decides, not the studio. The
// studio's identity needs the `impersonate` verb (docs/security.md lists the RBAC it needs).
// Single-user mode does not impersonate: the local admin is the kubeconfig's owner.
import type https from 'node:https';
import { KeptAliveKubeConfig } from '../kube/keepalive-agent';
import type { KubeConfig, RequestContext } from '@kubernetes/client-node';
import type { KubeIdentityMapping } from './config';
import { DEFAULT_IDENTITY_MAPPING } from './config';
import { InvalidNameError, validateUserName } from './names';
import { isKubeSafeName, OIDC_KUBE_PREFIX } from './oidc-settings';
import { LOCAL_ADMIN } from './roles';
import type { StudioUser } from './roles';

export interface KubeIdentity {
  readonly user: string;
  /** The role group first (`opstudio:<role>`), then an OIDC account's groups (`oidc:<group>`). */
  readonly groups: readonly string[];
}

export function kubeIdentityOf(
  user: Pick<StudioUser, 'name' | 'role' | 'kubeGroups'>,
  mapping: KubeIdentityMapping = DEFAULT_IDENTITY_MAPPING,
): KubeIdentity {
  const roleGroup = `${mapping.groupPrefix}${user.role}`;
  if (user.kubeGroups === undefined) {
    validateUserName(user.name); // never let a name smuggle a comma, newline or `system:` prefix
    return { user: `${mapping.userPrefix}${user.name}`, groups: [roleGroup] };
  }
  // OIDC accounts carry their Kubernetes names already (`oidc:` + the claim), checked at sign-in and here again
  if (!user.name.startsWith(OIDC_KUBE_PREFIX) || !isKubeSafeName(user.name))
    throw new InvalidNameError(`invalid OIDC user name "${user.name.slice(0, 70)}"`);
  return { user: user.name, groups: [roleGroup, ...user.kubeGroups.filter(isKubeSafeName)] };
}

/**
 * Header name spellings for the 2nd, 3rd, … group. client-node's request context holds one value
 * per header name, and an array value would go out as ONE line `a,b` that the API server reads as
 * one group named "a,b". node-fetch (client-node's HTTP library) files names case-insensitively
 * under one header and node:http writes each value on its own line: so each further group gets a
 * differently-cased name. kube-identity.int.test.ts checks with a SelfSubjectReview that the
 * API server sees every group.
 */
function groupHeaderNames(count: number): string[] {
  const base = 'impersonate-group';
  const names: string[] = [];
  for (let i = 0; names.length < count; i++) {
    // bit j of i upper-cases letter j: distinct spellings of the same name
    names.push([...base].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join(''));
  }
  return names;
}

class ImpersonatingKubeConfig extends KeptAliveKubeConfig {
  private readonly groupHeaders: readonly string[];

  constructor(private readonly identity: KubeIdentity) {
    super();
    this.groupHeaders = groupHeaderNames(identity.groups.length);
  }

  // API clients (makeApiClient) authenticate each request through this.
  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    await super.applySecurityAuthentication(context);
    context.setHeaderParam('Impersonate-User', this.identity.user);
    this.identity.groups.forEach((g, i) => context.setHeaderParam(this.groupHeaders[i]!, g));
  }

  // Watches, KubernetesObjectApi's raw requests and applyToFetchOptions go through this.
  override async applyToHTTPSOptions(opts: Parameters<KubeConfig['applyToHTTPSOptions']>[0]): Promise<void> {
    await super.applyToHTTPSOptions(opts);
    const o = opts as https.RequestOptions;
    // node:http writes an array as one header line per value
    o.headers = {
      ...o.headers,
      'Impersonate-User': this.identity.user,
      ...(this.identity.groups.length > 0 ? { 'Impersonate-Group': [...this.identity.groups] } : {}),
    };
  }
}

/** A copy of `kc` whose every request acts as the studio user (the original is untouched). */
export function impersonatingKubeConfig(
  kc: KubeConfig,
  user: Pick<StudioUser, 'name' | 'role' | 'kubeGroups'>,
  mapping: KubeIdentityMapping = DEFAULT_IDENTITY_MAPPING,
): KubeConfig {
  return actingAs(kc, kubeIdentityOf(user, mapping));
}

/**
 * A copy of `kc` whose every request acts as `identity`. A ServiceAccount's user
 * (`system:serviceaccount:<ns>:<name>`) needs no groups: the API server adds the account's own
 * when none are given, and checks `impersonate` on that one ServiceAccount.
 */
export function actingAs(kc: KubeConfig, identity: KubeIdentity): KubeConfig {
  const out = new ImpersonatingKubeConfig(identity);
  out.clusters = kc.clusters;
  out.users = kc.users;
  out.contexts = kc.contexts;
  out.currentContext = kc.currentContext;
  return out;
}

/**
 * The KubeConfig to act with for a request's user: the studio's own in single-user mode (the
 * local admin is the kubeconfig's owner), an impersonating copy for everyone else in multi-user
 * mode (made once per user and role, so API clients and their agents are reused).
 */
export class KubeIdentities {
  private readonly byIdentity = new Map<string, KubeConfig>();
  /** False in single-user mode: every request acts with the studio's own credentials. */
  readonly impersonates: boolean;

  constructor(
    private readonly kc: KubeConfig,
    private readonly mapping: KubeIdentityMapping = DEFAULT_IDENTITY_MAPPING,
    opts: { readonly impersonate?: boolean } = {},
  ) {
    this.impersonates = opts.impersonate ?? true;
  }

  /** The studio's own credentials (the embedded controller, cluster-wide caches). */
  get own(): KubeConfig {
    return this.kc;
  }

  /** True when requests of this user go out with the studio's own identity (no impersonation, no review). */
  actsAsItself(user: Pick<StudioUser, 'id' | 'name'>): boolean {
    return !this.impersonates || (user.id === LOCAL_ADMIN.id && user.name === LOCAL_ADMIN.name);
  }

  /** The Kubernetes identity the API server sees for this user, or undefined for the studio's own. */
  identityOf(user: Pick<StudioUser, 'id' | 'name' | 'role' | 'kubeGroups'>): KubeIdentity | undefined {
    return this.actsAsItself(user) ? undefined : kubeIdentityOf(user, this.mapping);
  }

  forUser(user: StudioUser): KubeConfig {
    if (this.actsAsItself(user)) return this.kc;
    const key = `${user.name}\n${user.role}\n${(user.kubeGroups ?? []).join('\n')}`;
    let kc = this.byIdentity.get(key);
    if (kc === undefined) {
      kc = impersonatingKubeConfig(this.kc, user, this.mapping);
      this.byIdentity.set(key, kc);
    }
    return kc;
  }
}
