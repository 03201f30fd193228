/**
 * Kubernetes manifests generated from a design besides the CRD: the sample custom resource
 * and the manager ClusterRole from the one RBAC marker list the Go scaffold writes too.
 */
export { generateSample, sampleResource, storageVersion } from './sample';
export { generateRbac, normalizeRules, rbacMarkers, markerComment, type RbacMarker, type PolicyRule } from './rbac';
export {
  designIdentity,
  designPermissions,
  designRules,
  identityObjects,
  permissionText,
  type DesignIdentity,
  type Permission,
} from './identity';
