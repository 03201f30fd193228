// OIDC sign-in: Authorization Code with PKCE, state and nonce, through openid-client v6.
//   GET /api/auth/oidc-start?next=/path  → a short-lived cookie with the PKCE verifier, state and
//                                          nonce, and a redirect to the provider
//   GET /api/auth/oidc-callback?code&state → the code exchanged (ID token checked), the user's
//                                          name, role and groups taken from the claims, a studio
//                                          session like a password sign-in's, back to `next`
// The browser only ever holds the studio's own session cookie: tokens stay here and are dropped
// once the claims are read. Decisions: docs/design/0026-oidc.md.
import * as client from 'openid-client';
import { z } from 'zod';
import { parseCookies } from './cookies';
import { isKubeSafeName, OIDC_KUBE_PREFIX, oidcUserOf } from './oidc-settings';
import type { OidcSettings, OidcUser } from './oidc-settings';

const FLOW_COOKIE = 'opstudio_oidc';
const SECURE_FLOW_COOKIE = '__Host-opstudio_oidc';
/** Long enough to type a password and approve a consent page, short enough not to linger. */
const FLOW_MAX_AGE_S = 600;

/** What the flow cookie carries between start and callback (all random, none secret from the user). */
const flowSchema = z.object({
  state: z.string().min(16).max(128),
  nonce: z.string().min(16).max(128),
  verifier: z.string().min(43).max(128),
  next: z.string().max(2048),
});
type Flow = z.infer<typeof flowSchema>;

/** The provider's answer on the callback (RFC 6749 §4.1.2 and §4.1.2.1), checked before anything reads it. */
const callbackSchema = z.union([
  z.object({
    error: z.string().min(1).max(256),
    error_description: z.string().max(1024).optional(),
    state: z.string().max(512).optional(),
  }),
  z.object({
    code: z.string().min(1).max(4096),
    state: z.string().min(1).max(512),
    iss: z.string().max(2048).optional(),
    session_state: z.string().max(1024).optional(),
  }),
]);

/** The end of a callback: signed in as `user`, or refused with a sentence for the person at the browser. */
export type OidcOutcome =
  | { readonly kind: 'signed-in'; readonly user: Extract<OidcUser, { ok: true }>; readonly next: string }
  | { readonly kind: 'refused'; readonly status: number; readonly message: string; readonly who?: string };

export class OidcSignIn {
  private config: Promise<client.Configuration> | undefined;

  constructor(
    readonly settings: OidcSettings,
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {}

  /** The provider's metadata (discovery), fetched once; a failure is forgotten so the next sign-in asks again. */
  private discover(): Promise<client.Configuration> {
    const s = this.settings;
    this.config ??= client
      .discovery(
        s.issuer,
        s.clientId,
        undefined,
        s.clientSecret === undefined ? client.None() : client.ClientSecretBasic(s.clientSecret),
        s.allowHttp ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((err: unknown) => {
        this.config = undefined;
        throw err;
      });
    return this.config;
  }

  /** The provider's authorization URL and the flow cookie to set; throws when the provider is unreachable. */
  async start(next: string, secure: boolean): Promise<{ location: string; cookie: string }> {
    const config = await this.discover();
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      next: safeNext(next),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl.href,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { location: url.href, cookie: flowCookie(Buffer.from(JSON.stringify(flow)).toString('base64url'), secure) };
  }

  /** Finishes a sign-in from the callback's query and the flow cookie. Never throws: every failure is a refusal. */
  async callback(search: URLSearchParams, cookieHeader: string | undefined, secure: boolean): Promise<OidcOutcome> {
    const flow = flowOf(cookieHeader, secure);
    if (flow === undefined)
      return refused(400, 'this sign-in started too long ago or in another browser: start it again');
    const query = callbackSchema.safeParse(Object.fromEntries(search));
    if (!query.success) return refused(400, 'the provider sent the browser back without a code and state');
    if ('error' in query.data)
      return refused(
        403,
        `the provider did not sign you in: ${query.data.error}${query.data.error_description === undefined ? '' : ` (${query.data.error_description})`}`,
      );
    if (query.data.state !== flow.state)
      return refused(400, 'the sign-in does not match the one this browser started: start it again');
    let claims: Record<string, unknown>;
    try {
      claims = await this.exchange(search, flow);
    } catch (err) {
      this.log(`oidc: the code exchange with ${this.settings.issuer.href} failed: ${(err as Error).message}`);
      return refused(
        502,
        'the OpenID provider did not confirm the sign-in: try again, or ask an admin to check the controller log',
      );
    }
    const user = oidcUserOf(claims, this.settings);
    if (!user.ok) {
      const raw = claims[this.settings.userClaim];
      // named on the page only when the name itself was fine (the refusal is then about their groups)
      const who = typeof raw === 'string' ? `${OIDC_KUBE_PREFIX}${raw}` : '';
      return { ...refused(403, user.reason), ...(isKubeSafeName(who) ? { who } : {}) };
    }
    return { kind: 'signed-in', user, next: flow.next };
  }

  /** Code → tokens (ID token signature, issuer, audience, nonce checked by openid-client) → claims, plus userinfo for what the ID token lacks. */
  private async exchange(search: URLSearchParams, flow: Flow): Promise<Record<string, unknown>> {
    const config = await this.discover();
    // the URL the provider redirected to, as the browser saw it (this request came through the web app's proxy)
    const current = new URL(this.settings.redirectUrl);
    current.search = search.toString();
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (idClaims === undefined) throw new Error('no ID token in the token response');
    const claims: Record<string, unknown> = { ...idClaims };
    const { userClaim, groupsClaim } = this.settings;
    if (
      (claims[userClaim] === undefined || claims[groupsClaim] === undefined) &&
      config.serverMetadata().userinfo_endpoint !== undefined
    ) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      for (const [k, v] of Object.entries(info)) if (claims[k] === undefined) claims[k] = v;
    }
    return claims;
  }
}

function refused(status: number, message: string): Extract<OidcOutcome, { kind: 'refused' }> {
  return { kind: 'refused', status, message };
}

function flowCookie(value: string, secure: boolean): string {
  // SameSite=Lax: the provider's redirect back is a cross-site top-level GET, which Strict would strip
  const attrs = [
    `${secure ? SECURE_FLOW_COOKIE : FLOW_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${FLOW_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}

/** The flow cookie is used once: the callback clears both names. */
export function clearedFlowCookies(): string[] {
  return [
    `${FLOW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    `${SECURE_FLOW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`,
  ];
}

function flowOf(cookieHeader: string | undefined, secure: boolean): Flow | undefined {
  const cookies = parseCookies(cookieHeader);
  // over HTTPS only the __Host- name counts, as for the session cookie (cookies.ts)
  const raw = secure ? cookies.get(SECURE_FLOW_COOKIE) : (cookies.get(SECURE_FLOW_COOKIE) ?? cookies.get(FLOW_COOKIE));
  if (raw === undefined || raw.length > 4096) return undefined;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Only a path of this site (never `//host`, `/\host` or a control character); anything else: the home page. */
export function safeNext(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw === '' || raw.length > 2048) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) return '/';
  if (raw === '/sign-in' || raw.startsWith('/sign-in?')) return '/';
  return raw;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page a refused OIDC sign-in ends on: what happened, in words, and the way back. No stack, no tokens. */
export function refusalPage(message: string, who: string | undefined): string {
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in refused · Operator Studio</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}h1{font-size:1.4rem}a{color:#0969da}</style>
</head><body><main>
<h1>Sign-in refused</h1>
<p role="alert">${escapeHtml(sentence)}.</p>
${who === undefined ? '' : `<p>The provider signed you in as <strong>${escapeHtml(who)}</strong>. Ask an admin of the studio to give one of your groups a role (OPSTUDIO_OIDC_ROLE_GROUPS).</p>`}
<p><a href="/sign-in">Back to sign-in</a></p>
</main></body></html>
`;
}
