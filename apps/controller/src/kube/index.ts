// The controller's connection to Kubernetes: kubeconfig loading (explicit paths only), a health
// probe with a hard timeout, list-watch caches that restart themselves (backoff + watchdog), and
// the ClusterWatcher that turns Nodes and Namespaces into the live `cluster`/`nodes`/`namespaces`
// topics. Credentials never leave this process.
export { Backoff, backoffDelay } from './backoff';
export { ClusterWatcher, type ClusterWatcherOptions } from './cluster-watcher';
export { ResilientInformer, type InformerState, type ResilientInformerOptions } from './informer';
export { KubeConfigError, loadKubeConfig, type LoadedKubeConfig } from './kubeconfig';
export { getJson, getServerVersion, KubeUnreachableError } from './probe';
