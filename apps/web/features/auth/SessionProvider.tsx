'use client';
// Who is using the studio, read once per page load: the root layout passes the answer it got
// while rendering (server-session.ts); without one the browser asks GET /api/auth/session itself.
// A 401 from any API call later (the session expired, an admin ended it) asks again, and the
// gate (AuthGate) then sends the browser to the sign-in page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import { fetchSession } from './auth-api';
import { roleAllows, type Role, type Session } from './session';

interface SessionValue {
  /** null while the first answer is on its way, or when the controller could not be asked. */
  readonly session: Session | null;
  readonly error: string | null;
}

const SessionContext = createContext<SessionValue>({ session: null, error: null });
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

function isUnauthorized(error: unknown): boolean {
  return isTRPCClientError(error) && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401;
}

export function SessionProvider({
  initial,
  children,
}: {
  readonly initial: Session | null;
  readonly children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    initialData: initial ?? undefined,
    staleTime: Infinity,
    // the controller may still be starting: keep asking, slowly
    retry: true,
    retryDelay: (n) => Math.min(1000 * 2 ** n, 10_000),
  });

  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);

  const value: SessionValue = { session: query.data ?? null, error: query.error === null ? null : query.error.message };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  return useContext(SessionContext);
}

/**
 * May the current user do what `need` allows? False until the session is known, so an action
 * never shows and then disappears. The UI only hides: the controller refuses anyway.
 */
export function useRoleAllows(need: Role): boolean {
  return roleAllows(useSession().session?.user?.role, need);
}
