import { KindPage } from '../../../../../features/resources/KindPage';

export default async function Page({ params }: { readonly params: Promise<{ crd: string }> }) {
  const { crd } = await params;
  return <KindPage crdName={decodeURIComponent(crd)} />;
}
