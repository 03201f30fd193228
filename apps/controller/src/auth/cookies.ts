// The session cookie: HttpOnly (scripts cannot read it), SameSite=Strict (no cross-site request
// carries it), Path=/. Over HTTPS it is also Secure and takes the `__Host-` prefix, which the
// browser only accepts from a secure origin with no Domain attribute (no subdomain can plant it).

export const COOKIE_NAME = 'opstudio_session';
export const SECURE_COOKIE_NAME = '__Host-opstudio_session';

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (header === undefined) return out;
  for (const raw of header.split(';')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // first one wins, as browsers send the most specific path first
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

/**
 * The session token a request carries, if any. Over HTTPS only the `__Host-` name counts: a
 * plain-named cookie can be planted by a sibling subdomain or over plain HTTP, the prefixed one
 * only by this origin over HTTPS.
 */
export function sessionTokenOf(cookieHeader: string | undefined, secure: boolean): string | undefined {
  const cookies = parseCookies(cookieHeader);
  return secure ? cookies.get(SECURE_COOKIE_NAME) : (cookies.get(SECURE_COOKIE_NAME) ?? cookies.get(COOKIE_NAME));
}

export function sessionCookie(token: string, maxAgeMs: number, secure: boolean): string {
  const name = secure ? SECURE_COOKIE_NAME : COOKIE_NAME;
  const attrs = [
    `${name}=${token}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}

/** Both names are cleared: the browser may hold either. */
export function clearedSessionCookies(): string[] {
  return [
    `${COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`,
    `${SECURE_COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure`,
  ];
}
