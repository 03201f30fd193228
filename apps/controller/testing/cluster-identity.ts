// A test manager's cluster identity, learnt as the studio learns it (one GET of kube-system), so a
// pause written by `opstudio pause` (which computes the same id) reaches the fixture's manager.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterIdentity, readClusterId } from '../src/clusters/cluster-identity';

/** Known within one request; the manager waits for it before it reads pauses or runs operators. */
export function learntClusterIdentity(kc: KubeConfig): ClusterIdentity {
  const identity = new ClusterIdentity();
  void readClusterId(kc, kc.getCurrentContext()).then(({ id }) => identity.set(id));
  return identity;
}
