// The names two processes of one launch agree on (the controller and the web app's proxy).
// Single-user mode: a per-launch token, as notebook servers have, so that only the person who
// started the studio (it is printed on their console and written to a file only they can read)
// gets in; other local users and pages on other localhost ports get nothing. Pure: no I/O.

/** The query parameter of the ready line's URL: `http://127.0.0.1:3000/?token=…`. */
export const LAUNCH_TOKEN_PARAM = 'token';

/**
 * The cookie the web app sets from that URL. Cookies are per host, not per port, so the name
 * carries the web app's port: the dev (3000) and test (3100) studios on one machine keep theirs.
 */
export function launchCookieName(webPort: number): string {
  return `opstudio_launch_${webPort}`;
}
export const LAUNCH_COOKIE_PREFIX = 'opstudio_launch_';

/** The header by which the web app's proxy proves to the controller that it is the proxy of this launch. */
export const PROXY_SECRET_HEADER = 'x-opstudio-proxy-secret';

/** Where the ready line sends the person who started the studio. */
export function launchUrl(webUrl: string, token: string): string {
  return `${webUrl.replace(/\/+$/, '')}/?${LAUNCH_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}
