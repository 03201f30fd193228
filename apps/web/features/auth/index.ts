// Sign-in on the web side: the session (mode, user, role) read once per page load, the gate that
// sends a signed-out browser to /sign-in in multi-user mode, the sign-in page (and the first
// admin's setup-token form), the user menu, and `useRoleAllows` for hiding what a role cannot
// do. The controller owns accounts and sessions and refuses anyway; the UI only hides.
export { AuthGate } from './AuthGate';
export { SessionProvider, useRoleAllows, useSession } from './SessionProvider';
export { SignInPage } from './SignInPage';
export { UserMenu } from './UserMenu';
export { roleAllows, safeNextPath, signInHref } from './session';
export type { Role, Session } from './session';
export { useMayDo } from './use-access';
export type { AccessCheck } from './use-access';
