import { DesignerPage } from '../../../../../features/designer/DesignerPage';

export default async function DesignPage({ params }: { readonly params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DesignerPage id={decodeURIComponent(id)} />;
}
