/**
 * Go types for a design: the `api/<version>` package of a kubebuilder go/v4 project (types with
 * controller-gen markers, groupversion_info.go) and the RBAC marker file, written so that the
 * real controller-gen v0.21.0 reproduces our CRD and ClusterRole byte for byte. What Go markers
 * cannot say is reported in `notExpressible`, never dropped silently.
 */
export { generateGoTypes, DEFAULT_BOILERPLATE, type GoTypesOptions, type GoTypesResult } from './generate';
export { generateRbacGo, RBAC_GO_PATH } from './rbac-go';
export { apacheBoilerplate } from './render';
export { docComment } from './doc-comment';
export type { NotExpressible, GoFieldRef } from './model';
