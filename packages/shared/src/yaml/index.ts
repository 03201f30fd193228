/**
 * YAML in the exact dialect controller-gen writes (go-yaml v2 via sigs.k8s.io/yaml), so our
 * CRD preview is byte-identical to `make manifests`, plus a safe reader for designs and CRDs.
 */
export { emitYaml, type EmitOptions, type YamlValue } from './emit';
export { parseYaml, type ParseYamlResult } from './parse';
export { compareGoKeys, goKeyLess, sortedKeys } from './go-sort';
export { formatGoNumber, formatGoFloat } from './go-number';
export { resolvesAsNonString, isBase60Float } from './go-resolve';
