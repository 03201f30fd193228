/**
 * `internal/controller/rbac.go`: the manager's `+kubebuilder:rbac` markers from the one list in
 * manifests/rbac.ts, in a Go file of their own, so `controller-gen rbac` writes the ClusterRole
 * that generateRbac previews. (The export's reconciler file may carry the same list instead.)
 */
import type { Design } from '../design/schema';
import { markerComment, rbacMarkers } from '../manifests/rbac';
import { DEFAULT_BOILERPLATE } from './generate';

export const RBAC_GO_PATH = 'internal/controller/rbac.go';

export function generateRbacGo(design: Design, boilerplate = DEFAULT_BOILERPLATE): string {
  return `${boilerplate}

package controller

// The permissions the manager needs; controller-gen turns them into config/rbac/role.yaml.
${rbacMarkers(design).map(markerComment).join('\n')}
`;
}
