// Who may use the studio, and as whom it acts in the cluster.
// - Modes: single-user (loopback default; the local user is admin) or multi-user (`--auth`):
//   local accounts with scrypt hashes, database sessions behind an HttpOnly SameSite=Strict
//   cookie, a sign-in rate limit (docs/design/0012-auth.md).
// - The server calls `StudioAuth.guard` (CSRF/origin + body cap) and `StudioAuth.handle`
//   (/api/auth/*) before tRPC, and puts `requestContext(req)` (the user; in multi-user mode also
//   the session, which open live streams end with) into the tRPC context, where `requireRole`
//   (api/roles.ts) decides per procedure type.
// - Kubernetes stays the authority: writes carry impersonation headers for the user, reads from
//   the shared cache are filtered by SubjectAccessReviews (`AccessReviewer`).
// The threat model is docs/security.md.
export { AccessReviewer } from './access-review';
export type { AccessQuestion } from './access-review';
export { AuthConfigError, DEFAULT_IDENTITY_MAPPING, authEnvSchema, loadAuthConfig } from './config';
export type { AuthConfig, KubeIdentityMapping } from './config';
export { AUTH_BASE_PATH, StudioAuth } from './http';
export { impersonatingKubeConfig, KubeIdentities, kubeIdentityOf } from './impersonation';
export type { KubeIdentity } from './impersonation';
export {
  describeAccess,
  kubeRefusal,
  mayInKube,
  mayListSomewhere,
  readableItems,
  requireKubeAccess,
} from './kube-authority';
export type { KubeAuthority } from './kube-authority';
export { checkListenSafety, isLoopbackHost } from './mode';
export type { AuthMode } from './mode';
export { CSRF_HEADER, DEFAULT_BODY_LIMIT, checkBodySize, checkCsrf } from './request-guard';
export { LOCAL_ADMIN, isRole, parseRole, roleAllows, roles } from './roles';
export type { AuthContext, Role, StudioUser } from './roles';
export { AuthError, AuthService, studioUserNamed } from './service';
export { SetupToken, setupBanner } from './setup-token';
