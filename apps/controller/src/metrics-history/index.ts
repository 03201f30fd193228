// Each controller's recent health from its own metrics, for the kind page's charts (docs/design/0033).
export { MetricsHistory, metricsHistory, readSamples, SAMPLE_EVERY_MS, WINDOW_MS } from './sampler';
