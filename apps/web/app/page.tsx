import { OldUrlRedirect, type SearchParams } from '../features/cluster/OldUrlRedirect';

// The home before clusters: now /c/<default context>.
export default async function Home({ searchParams }: { readonly searchParams: Promise<SearchParams> }) {
  return <OldUrlRedirect segments={[]} searchParams={await searchParams} />;
}
