// The session read on the server while rendering the page (the root layout), so the first HTML
// already knows the mode and role: no flash of buttons a viewer may not use, no page that fires
// queries before the redirect to sign-in. Failure is not fatal: the browser asks again.
import { cookies, headers } from 'next/headers';
import { controllerUrl, renderingHeaders } from '../../server/controller-proxy';
import { sessionSchema, type Session } from './session';

export async function serverSession(): Promise<Session | null> {
  const cookie = (await cookies()).toString();
  try {
    const res = await fetch(`${controllerUrl()}/api/auth/session`, {
      headers: renderingHeaders(await headers(), cookie),
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    if (!res.ok) return null;
    const parsed = sessionSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
