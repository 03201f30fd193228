// A real OpenID provider for tests (the `oidc-provider` package) on a loopback port: one
// confidential client for the studio, accounts whose groups a test chooses, and the package's
// own development login and consent pages (any password; the login names the account). Claims
// beyond `sub` come from the userinfo endpoint, as many providers do for the code flow.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  readonly groups: readonly string[];
  readonly email?: string;
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The studio settings (OPSTUDIO_OIDC_*) that point at this provider; the user claim is `preferred_username`. */
  env(roleGroups: Record<string, readonly string[]>): Record<string, string>;
  stop(): Promise<void>;
}

export async function startTestOidcProvider(opts: {
  readonly accounts: Readonly<Record<string, TestAccount>>;
  /** Where the studio expects the browser back: its web app's /api/auth/oidc-callback. */
  readonly redirectUri: string;
  readonly port?: number;
}): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'operator-studio';
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'], groups: ['groups'] },
    scopes: ['openid', 'profile', 'email', 'groups'],
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: true } },
    // explicit lifetimes: the package otherwise logs a notice for every token it issues
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, id) => {
      const account = opts.accounts[id];
      if (account === undefined) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          preferred_username: id,
          name: id,
          ...(account.email === undefined ? {} : { email: account.email }),
          groups: [...account.groups],
        }),
      };
    },
  });
  // oidc-provider warns about its development keys and interactions: expected in a test
  const handle = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => void handle(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    env: (roleGroups) => ({
      OPSTUDIO_OIDC_ISSUER: issuer,
      OPSTUDIO_OIDC_CLIENT_ID: clientId,
      OPSTUDIO_OIDC_CLIENT_SECRET: clientSecret,
      OPSTUDIO_OIDC_SCOPES: 'openid profile groups',
      OPSTUDIO_OIDC_USER_CLAIM: 'preferred_username',
      OPSTUDIO_OIDC_GROUPS_CLAIM: 'groups',
      OPSTUDIO_OIDC_ROLE_GROUPS: JSON.stringify(roleGroups),
      OPSTUDIO_OIDC_REDIRECT_URL: opts.redirectUri,
      OPSTUDIO_OIDC_PROVIDER_NAME: 'Test IdP',
      OPSTUDIO_OIDC_ALLOW_HTTP: 'true',
    }),
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
