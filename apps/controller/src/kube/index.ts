// The controller's connection to Kubernetes: kubeconfig loading (explicit paths only), a health
// probe with a hard timeout, the plain-JSON client every studio request goes through (KubeJson,
// writing as FIELD_MANAGER), the one shape of an API refusal (KubeApiError; `asKubeApiError`
// converts client-node's ApiException), list-watch caches that restart themselves (backoff +
// watchdog), and the ClusterWatcher that turns Nodes and Namespaces into the live
// `cluster`/`nodes`/`namespaces` topics. Credentials never leave this process.
export { Backoff, backoffDelay } from './backoff';
export { ClusterWatcher, type ClusterWatcherOptions } from './cluster-watcher';
export {
  asKubeApiError,
  isNotFound,
  KubeApiError,
  kubeStatusCode,
  type KubeStatus,
  type KubeStatusCause,
} from './errors';
export { FIELD_MANAGER } from './field-manager';
export { ResilientInformer, type InformerState, type ResilientInformerOptions } from './informer';
export { KindSchemas, type KindSchemaAnswer } from './kind-schemas';
export { KubeJson, type KubeRequest } from './json-client';
export { KubeConfigError, loadKubeConfig, type LoadedKubeConfig } from './kubeconfig';
export { ObjectPaths } from './object-paths';
export { getJson, getServerVersion, KubeUnreachableError } from './probe';
