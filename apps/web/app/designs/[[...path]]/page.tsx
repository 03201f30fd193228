import { OldUrlRedirect, type SearchParams } from '../../../features/cluster/OldUrlRedirect';

// /designs/… before clusters: now /c/<default context>/designs/…
export default async function OldDesigns({
  params,
  searchParams,
}: {
  readonly params: Promise<{ path?: string[] }>;
  readonly searchParams: Promise<SearchParams>;
}) {
  const { path = [] } = await params;
  return <OldUrlRedirect segments={['designs', ...path]} searchParams={await searchParams} />;
}
