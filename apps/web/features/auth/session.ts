// The session as the controller's GET /api/auth/session answers it, parsed (the web app must not
// trust a shape it did not check), plus the pure rules the UI derives from it: which role may do
// what, and where to go back to after signing in.
import { z } from 'zod';

export const roles = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

export const sessionSchema = z.object({
  mode: z.enum(['single-user', 'multi-user']),
  user: z.object({ name: z.string(), role: z.enum(roles) }).nullable(),
  setupRequired: z.boolean(),
  /** OIDC sign-in is configured: the sign-in page offers "Sign in with <provider>". */
  oidc: z
    .object({ provider: z.string().max(64) })
    .nullable()
    .optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** True when `have` includes the rights of `need` (viewer < editor < admin, as on the server). */
export function roleAllows(have: Role | null | undefined, need: Role): boolean {
  if (have === null || have === undefined) return false;
  return roles.indexOf(have) >= roles.indexOf(need);
}

/** Single-user mode without this launch's token: the page says how to get in, and shows nothing else. */
export function needsLaunchToken(session: Session): boolean {
  return session.mode === 'single-user' && session.user === null;
}

/** Multi-user mode without a session: every page but /sign-in sends the browser there. */
export function needsSignIn(session: Session): boolean {
  return session.mode === 'multi-user' && session.user === null;
}

export const SIGN_IN_PATH = '/sign-in';

/**
 * Where to return after signing in: only a path of this site (`/designs/x?y`), never another
 * origin (`//evil.example`, `https://…`, `/\evil`), and never back to the sign-in page itself.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw === '') return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || hasControlCharacter(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, 'http://studio.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://studio.invalid' || url.pathname === SIGN_IN_PATH) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
}

/** The sign-in page's address that returns to `path` (with its query) afterwards. */
export function signInHref(path: string): string {
  const next = safeNextPath(path);
  return next === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}
