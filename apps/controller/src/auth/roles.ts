// Who is asking, and what their role lets them do. Roles are ordered: each includes the one below
// (viewer reads; editor also changes designs and custom resources; admin also installs and
// uninstalls CRDs, manages users and cluster settings).

export const roles = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The signed-in user as the API sees it (never the password hash). */
export interface StudioUser {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  /** OIDC accounts only: the provider's groups as Kubernetes sees them (`oidc:<group>`), impersonated besides the role group. */
  readonly kubeGroups?: readonly string[];
}

/** What access checks read from a request's context (api/context.ts adds it; api/roles.ts reads it). */
export interface AuthContext {
  /** undefined: signed out (multi-user mode without a valid session). */
  readonly user: StudioUser | undefined;
  /** What a request without a user is told (single-user mode: how to present the launch token). */
  readonly signedOutMessage?: string;
}

/** Single-user mode: whoever reaches the loopback port is the machine's owner. */
export const LOCAL_ADMIN: StudioUser = Object.freeze({ id: 'local', name: 'local', role: 'admin' });

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export function parseRole(value: string): Role {
  if (!isRole(value)) throw new RangeError(`unknown role "${value}": use one of ${roles.join(', ')}`);
  return value;
}

/** True when `have` includes the rights of `need`. */
export function roleAllows(have: Role, need: Role): boolean {
  return roles.indexOf(have) >= roles.indexOf(need);
}
