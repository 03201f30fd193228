// Storage on fake nodes: kube-controller-manager's own hostPath provisioner
// (`--enable-hostpath-provisioner`, the PV controller's in-tree plugin for single-host clusters)
// makes a directory under /tmp/hostpath_pv/ and a PersistentVolume for every claim of the default
// StorageClass below, binds it, and removes both when a released volume's reclaim policy is
// Delete. kwok's nodes run no containers, so nothing mounts the directories; what a user sees is
// the API's part: claims Bound, StatefulSet pods scheduled and Running, volumes released
// (docs/design/0042).

/** The StorageClass every claim without one gets (the DefaultStorageClass admission plugin). */
export const DEFAULT_STORAGE_CLASS = 'standard';

/** The in-tree provisioner name the PV controller answers when the hostPath plugin may provision. */
export const HOSTPATH_PROVISIONER = 'kubernetes.io/host-path';

export function defaultStorageClass(): Record<string, unknown> {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: {
      name: DEFAULT_STORAGE_CLASS,
      annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' },
      labels: { 'app.kubernetes.io/managed-by': 'opstudio-sandbox' },
    },
    provisioner: HOSTPATH_PROVISIONER,
    reclaimPolicy: 'Delete',
    // Immediate: kwok's nodes carry no topology, so waiting for the first consumer gains nothing
    volumeBindingMode: 'Immediate',
  };
}
