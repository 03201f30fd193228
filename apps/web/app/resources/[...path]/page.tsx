import { OldUrlRedirect, type SearchParams } from '../../../features/cluster/OldUrlRedirect';

// /resources/… before clusters: now /c/<default context>/resources/…
export default async function OldResources({
  params,
  searchParams,
}: {
  readonly params: Promise<{ path: string[] }>;
  readonly searchParams: Promise<SearchParams>;
}) {
  const { path } = await params;
  return <OldUrlRedirect segments={['resources', ...path]} searchParams={await searchParams} />;
}
