import { Suspense } from 'react';
import { ImpactPage } from '../../../../../../features/impact/ImpactPage';

export default async function DesignImpactPage({ params }: { readonly params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <ImpactPage id={decodeURIComponent(id)} />
    </Suspense>
  );
}
