'use client';
// "May I?" before offering an action on a custom resource: the studio role first (no request
// when it is too small), then the user's Kubernetes RBAC through the controller's `access.can`
// (a SubjectAccessReview answered from a 10 s cache; tRPC batches the questions of a page).
// Hidden until the answer is known; if the question itself fails (an older controller), the role
// alone decides: the server refuses on the real request anyway.
import { useQuery } from '@tanstack/react-query';
import type { AppRouter } from '@opstudio/controller/router';
import type { TRPCOptionsProxy, inferInput } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows } from './SessionProvider';
import type { Role } from './session';

export type AccessCheck = inferInput<TRPCOptionsProxy<AppRouter>['access']['can']>;

export function useMayDo(need: Role, check: AccessCheck | null): boolean {
  const trpc = useTRPC();
  const roleOk = useRoleAllows(need);
  const asked = roleOk && check !== null;
  const answer = useQuery({
    ...trpc.access.can.queryOptions(check ?? { verb: 'get', group: '', resource: 'x' }),
    enabled: asked,
    staleTime: 10_000,
  });
  if (!asked) return false;
  if (answer.isError) return true;
  return answer.data?.allowed ?? false;
}
