// The kubeconfig's default context, asked of the controller while the server renders a page (the
// redirect of an old URL). As serverSession does: the browser's cookies go along, so the controller
// answers as that user; no answer is not fatal, the caller says what happened.
import { cookies, headers } from 'next/headers';
import { controllerUrl, renderingHeaders } from '../../server/controller-proxy';

/** The default context's name, or why it is not known (signed out, the controller down). */
export type DefaultContext = { readonly name: string } | { readonly problem: string; readonly status?: number };

export async function serverDefaultContext(): Promise<DefaultContext> {
  const cookie = (await cookies()).toString();
  // cluster.defaultContext names it without asking any cluster, so a redirect never waits for one
  // that is down (cluster.contexts would probe them all; cluster.info would refuse while it is down)
  try {
    const res = await fetch(`${controllerUrl()}/api/trpc/cluster.defaultContext`, {
      headers: renderingHeaders(await headers(), cookie),
      cache: 'no-store',
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json().catch(() => null)) as {
      result?: { data?: { name?: string } };
      error?: { message?: string };
    } | null;
    if (!res.ok)
      return { problem: body?.error?.message ?? `the controller answered ${res.status}`, status: res.status };
    const name = body?.result?.data?.name;
    return name === undefined ? { problem: 'the controller did not name its default context' } : { name };
  } catch (err) {
    return { problem: `the studio controller at ${controllerUrl()} is not answering (${(err as Error).message})` };
  }
}
