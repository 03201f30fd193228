import { ResourcePage } from '../../../../../../../features/resources/ResourcePage';
import { namespaceFromPath } from '../../../../../../../features/resources/paths';

export default async function Page({
  params,
}: {
  readonly params: Promise<{ crd: string; namespace: string; name: string }>;
}) {
  const { crd, namespace, name } = await params;
  return (
    <ResourcePage
      crdName={decodeURIComponent(crd)}
      namespace={namespaceFromPath(namespace)}
      name={decodeURIComponent(name)}
    />
  );
}
