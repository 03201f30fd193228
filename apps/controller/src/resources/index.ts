// Custom resources of any kind, for the browser: every CRD as a ResourceKind (the `kinds` topic
// and the navigation), list/get/create/patch/delete through the API server, a live table per
// kind (`resources:<group>/<version>/<plural>[/<namespace>]`, an informer started on demand) and
// what a CR owns (`owned:<uid>`: its Deployment and Pods). Contract: docs/design/0010-resources-api.md.
export { KindsWatcher, toResourceKind } from './kinds';
export { KindWatches, type KindWatchesOptions } from './kind-watches';
export { OwnedWatcher, type OwnedWatcherOptions } from './owned';
export { kindHealth, rowHealth, type KindHealth, type KindOverview } from './overview';
export { ResourcesService, type KindRef, type ObjectRef, type PatchStrategy } from './service';
export type * from './types';
