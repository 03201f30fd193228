import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { contextFromRouteParam } from '@opstudio/shared/kube/cluster-href';

// Every page of one cluster (docs/design/0035). The tRPC client, its cache and the live
// subscription for the cluster are keyed by it in the root layout (features/cluster/ClusterScope);
// here only a segment that cannot name a context answers 404 before any page asks the API.
export default async function ClusterLayout({
  children,
  params,
}: {
  readonly children: ReactNode;
  readonly params: Promise<{ cluster: string }>;
}) {
  const { cluster } = await params;
  if (contextFromRouteParam(cluster) === undefined) notFound();
  return children;
}
