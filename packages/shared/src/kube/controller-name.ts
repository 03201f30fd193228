// The name a kind's controller goes by. controller-runtime's builder names a controller after its
// For() kind in lower case; the exported manager does (Named(...)), and so does the embedded one,
// so the `controller` label of both sides' metrics, the Grafana dashboard and the kind page's charts
// agree. Two kinds with one Kind name in different groups share it (docs/design/0033).
export const controllerName = (kind: string): string => kind.toLowerCase();
