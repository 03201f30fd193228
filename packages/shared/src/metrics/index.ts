// Controller health from its own Prometheus metrics: PromQL-style quantiles and rates over a window
// of samples, for the kind page's charts. Pure: the controller reads its registry and feeds these.
export * from './histogram-quantile';
export * from './controller-series';
export * from './ring';
