// The kubeconfig's default context, asked of the controller while the server renders a page (the
// redirect of an old URL). As serverSession does: the browser's cookies go along, so the controller
// answers as that user; no answer is not fatal, the caller says what happened.
import { cookies } from 'next/headers';
import { controllerUrl } from '../../server/controller-proxy';

/** The default context's name, or why it is not known (signed out, the controller down). */
export type DefaultContext = { readonly name: string } | { readonly problem: string; readonly status?: number };

interface ContextRow {
  readonly name: string;
  readonly default: boolean;
}

export async function serverDefaultContext(): Promise<DefaultContext> {
  const cookie = (await cookies()).toString();
  // cluster.contexts answers with the default flag even when that cluster is down (cluster.info
  // would refuse then); it probes every context (2 s at most, answers reused for 5 s)
  try {
    const res = await fetch(`${controllerUrl()}/api/trpc/cluster.contexts`, {
      headers: cookie === '' ? {} : { cookie },
      cache: 'no-store',
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json().catch(() => null)) as {
      result?: { data?: readonly ContextRow[] };
      error?: { message?: string };
    } | null;
    if (!res.ok)
      return { problem: body?.error?.message ?? `the controller answered ${res.status}`, status: res.status };
    const chosen = body?.result?.data?.find((c) => c.default);
    return chosen === undefined ? { problem: 'the kubeconfig has no current context' } : { name: chosen.name };
  } catch (err) {
    return { problem: `the studio controller at ${controllerUrl()} is not answering (${(err as Error).message})` };
  }
}
