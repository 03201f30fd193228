'use client';
// Whether the connected cluster serves each kind the design's external references read, asked
// the way the template editor learns a kind's schema (cluster.kindSchema, cached by the server
// until the cluster's document changes): an unserved kind is a problem at its `kind`, in the
// form and the Problems panel, as the install would refuse it. Offline: nothing is said.
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import { unservedExternalKinds } from '@opstudio/shared/validate/external-kinds';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../trpc/client';
import { useLive } from '../live/LiveProvider';

export function useExternalKindIssues(design: Design): readonly Issue[] {
  const trpc = useTRPC();
  const connected = useLive().state.cluster?.connected === true;
  const kinds = useMemo(() => {
    const seen = new Map<string, { apiVersion: string; kind: string }>();
    for (const { apiVersion, kind } of design.operand?.externalRefs ?? [])
      seen.set(`${apiVersion}/${kind}`, { apiVersion, kind });
    return [...seen.values()];
  }, [design.operand?.externalRefs]);
  const answers = useQueries({
    queries: kinds.map((k) =>
      trpc.cluster.kindSchema.queryOptions(k, { enabled: connected, staleTime: 10 * 60_000, retry: false }),
    ),
  });
  // one string of verdicts, so the issues change only when a verdict does
  const verdicts = answers
    .map((a, i) => {
      const served = a.data === undefined ? '?' : a.data.schema === null && a.data.served === false ? 'no' : 'yes';
      return `${kinds[i]?.apiVersion}/${kinds[i]?.kind}=${served}`;
    })
    .join(',');
  return useMemo(() => {
    const byKind = new Map(
      verdicts.split(',').map((v) => [v.slice(0, v.lastIndexOf('=')), v.slice(v.lastIndexOf('=') + 1)]),
    );
    return unservedExternalKinds(design, (apiVersion, kind) => {
      const v = byKind.get(`${apiVersion}/${kind}`);
      return v === 'no' ? false : v === 'yes' ? true : undefined;
    });
  }, [design, verdicts]);
}
