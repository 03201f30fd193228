'use client';
// What the connected cluster says about every kind the design names (its children and external
// references), asked the way the template editor learns a kind's schema (cluster.kindSchema,
// cached by the server until the cluster's document changes): whether it serves each, and the
// schema of each custom-resource child kind. The previews' worker turns that into problems
// (shared/validate/design-rendered.ts clusterChildIssues), with the rendered children it already
// has: a kind not served is an error at its `kind` (a warning when a saved design defines it),
// a child's value its kind's schema refuses an error at its field. Offline: null, and the
// worker checks the built-in kinds with their bundled schemas only.
import type { JsonSchema } from '@opstudio/shared/kube/openapi-schema';
import type { Design } from '@opstudio/shared/design/schema';
import { kindKey, kindsToAsk, providersOf, type ClusterKinds } from '@opstudio/shared/validate/design-rendered';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../trpc/client';
import { useLive } from '../live/LiveProvider';

export function useClusterKinds(design: Design, designId: string | null): ClusterKinds | null {
  const trpc = useTRPC();
  const connected = useLive().state.cluster?.connected === true;
  const asked = useMemo(() => kindsToAsk(design), [design]);
  const answers = useQueries({
    queries: asked.map(({ apiVersion, kind }) =>
      trpc.cluster.kindSchema.queryOptions(
        { apiVersion, kind },
        { enabled: connected, staleTime: 10 * 60_000, retry: false },
      ),
    ),
  });
  const unserved = answers.some((a) => a.data?.schema === null && a.data.served === false);
  const designs = useQuery(trpc.designs.list.queryOptions(undefined, { enabled: unserved, staleTime: 60_000 }));
  // one string of verdicts, so the answer changes only when a verdict does
  const verdicts = answers
    .map((a, i) => {
      const k = asked[i];
      if (k === undefined || a.data === undefined) return '';
      const served = a.data.schema !== null ? 'yes' : a.data.served === false ? 'no' : '';
      return served === '' ? '' : `${kindKey(k.apiVersion, k.kind)}=${served}@${a.dataUpdatedAt}`;
    })
    .join(',');
  const schemaData = answers.map((a) => a.data);
  const providerList = designs.data;
  return useMemo(() => {
    if (!connected || verdicts.replaceAll(',', '') === '') return null;
    const served: Record<string, boolean> = {};
    const schemas: Record<string, JsonSchema> = {};
    asked.forEach((k, i) => {
      const data = schemaData[i];
      const key = kindKey(k.apiVersion, k.kind);
      if (data === undefined) return;
      if (data.schema !== null) {
        served[key] = true;
        if (!k.bundled) schemas[key] = data.schema;
      } else if (data.served === false) served[key] = false;
    });
    const providers = providersOf((providerList ?? []).filter((d) => d.id !== designId));
    return { served, schemas, providers };
    // schemaData is read through the verdicts, which carry when each answer came
  }, [connected, verdicts, asked, providerList, designId]);
}
