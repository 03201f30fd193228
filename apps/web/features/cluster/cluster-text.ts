// The words the home page uses for the cluster's state, in one place (tests match them).
import type { ClusterSummary } from '@opstudio/controller/router';

export function connectedLine(c: ClusterSummary): string {
  return `Connected to ${c.server} · Kubernetes ${c.version ?? 'version unknown'} · ${c.nodes.ready}/${c.nodes.total} nodes Ready`;
}

export const DISCONNECTED = 'Disconnected from the cluster';
