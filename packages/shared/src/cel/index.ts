/**
 * CEL for `x-kubernetes-validations`: parse a rule as the API server would (syntax,
 * Kubernetes macros, optional syntax) and evaluate it against a value where the
 * library (@marcbachmann/cel-js, pure JS, runs in the browser) supports the functions.
 */
export { parseCel, type CelParseResult } from './parse';
export { evaluateCel, toCelValue, type CelEvalResult, type CelBindings } from './evaluate';
export { checkCel, celFieldName, type CelCheckResult } from './check';
