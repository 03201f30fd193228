// The browser's calls to the controller's auth routes (proxied under /api/auth/). State-changing
// calls are JSON with the CSRF header the controller demands; a refusal becomes an Error
// carrying the server's own message (wrong password, rate limit, used setup token…).
import { sessionSchema, type Session } from './session';

const BASE = '/api/auth';

export async function fetchSession(): Promise<Session> {
  const res = await fetch(`${BASE}/session`, { cache: 'no-store', credentials: 'same-origin' });
  const body = await readBody(res);
  if (!res.ok)
    throw new Error(
      errorMessage(body) ?? `the studio did not answer who you are (HTTP ${res.status}): is the controller running?`,
    );
  const parsed = sessionSchema.safeParse(body);
  if (!parsed.success)
    throw new Error(
      'the controller answered the session request in an unknown shape: are the web app and controller the same version?',
    );
  return parsed.data;
}

async function post(action: 'sign-in' | 'sign-out' | 'setup', payload: unknown): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${BASE}/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new Error('the studio is not answering: check that it is running, then try again');
  }
  if (res.ok) return;
  const body = await readBody(res);
  throw new Error(errorMessage(body) ?? `the request failed (HTTP ${res.status})`);
}

export const signIn = (name: string, password: string) => post('sign-in', { name, password });
export const signOut = () => post('sign-out', {});
/** The first admin, with the one-time token the controller printed on its console; signs in too. */
export const setUpFirstAdmin = (token: string, name: string, password: string) =>
  post('setup', { token, name, password });

async function readBody(res: Response): Promise<unknown> {
  try {
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
}

function errorMessage(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  if (typeof message !== 'string' || message === '') return undefined;
  // the server's messages start lower case ("wrong user name or password"); a sentence reads better
  return message.charAt(0).toUpperCase() + message.slice(1);
}
