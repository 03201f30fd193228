// Where the resource pages live inside a cluster: /resources/<crd name>/<namespace>/<name>, and a
// design's page /designs/<id>. Cluster-scoped objects use "_" for the namespace (no namespace can
// be named that: names are DNS labels). A link puts these under its cluster with useCluster().href
// (clusterHref: /c/<context>/resources/…).
export const CLUSTER_SCOPE = '_';

export const kindPath = (crdName: string): string => `/resources/${encodeURIComponent(crdName)}`;

export function objectPath(crdName: string, namespace: string | undefined, name: string): string {
  return `${kindPath(crdName)}/${encodeURIComponent(namespace === undefined || namespace === '' ? CLUSTER_SCOPE : namespace)}/${encodeURIComponent(name)}`;
}

export const designPath = (designId: string): string => `/designs/${encodeURIComponent(designId)}`;

export const namespaceFromPath = (segment: string): string | undefined =>
  segment === CLUSTER_SCOPE ? undefined : decodeURIComponent(segment);
