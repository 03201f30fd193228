// The studio's side of the hand-off with the exported operator (docs/design/0030-hand-off.md): a
// kind's controller runs only while this replica holds the kind's hand-off Lease, so an exported
// manager that holds it (`make run` against the same cluster) keeps the embedded controller
// stopped until it lets go, and an exported manager started later sees a live studio holder and
// refuses to start. `readHandOffHolder` answers "who reconciles this kind" on every replica.
import { CoordinationV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import { handOffHolder, handOffLeaseName, isStudioHolder, STUDIO_HOLDER_PREFIX } from '@opstudio/shared/kube/handoff';
import type { HandOffHolder } from '@opstudio/shared/kube/handoff';
import { isNotFound, kubeStatusCode } from '../kube/errors';
import { LeaderElector } from '../runtime/leader-election';

export interface KindHandOffOptions {
  readonly kc: KubeConfig;
  /** The studio's Lease namespace (OPSTUDIO_LEASE_NAMESPACE): the exported manager's --studio-lease-namespace. */
  readonly namespace: string;
  readonly crdName: string;
  /** The kubeconfig context: the leader gauge's `cluster` label. */
  readonly cluster?: string;
  /** This replica's identity on the main Lease; the hand-off Lease carries it with the studio prefix. */
  readonly identity: string;
  /** Runs the kind's controller until `signal` aborts (the Lease was lost, or the kind stopped or paused). */
  readonly run: (signal: AbortSignal) => Promise<void>;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

/** The studio's identity on hand-off Leases. */
export const studioHandOffIdentity = (identity: string): string => `${STUDIO_HOLDER_PREFIX}${identity}`;

/**
 * A kind's controller behind its hand-off Lease: `run(signal)` campaigns until `signal` aborts,
 * runs the controller while it holds the Lease, and releases the Lease when stopped, so a
 * paused kind is free for the exported operator within a retry period.
 */
export function kindHandOff(opts: KindHandOffOptions): LeaderElector {
  return new LeaderElector({
    kc: opts.kc,
    namespace: opts.namespace,
    name: handOffLeaseName(opts.crdName),
    ...(opts.cluster !== undefined ? { cluster: opts.cluster } : {}),
    identity: studioHandOffIdentity(opts.identity),
    onStartedLeading: opts.run,
    // another studio replica's hold is not a conflict: the main Lease already chose this leader
    mayTakeOver: isStudioHolder,
    ...(opts.log !== undefined ? { log: opts.log } : {}),
  });
}

/** Who holds a kind's hand-off Lease now (any replica can ask; a missing Lease: nobody). */
export async function readHandOffHolder(kc: KubeConfig, namespace: string, crdName: string): Promise<HandOffHolder> {
  try {
    const lease = await kc
      .makeApiClient(CoordinationV1Api)
      .readNamespacedLease({ namespace, name: handOffLeaseName(crdName) });
    const spec = lease.spec;
    return handOffHolder(
      spec === undefined
        ? undefined
        : {
            ...(spec.holderIdentity !== undefined ? { holderIdentity: spec.holderIdentity } : {}),
            ...(spec.renewTime !== undefined ? { renewTime: spec.renewTime } : {}),
            ...(spec.leaseDurationSeconds !== undefined ? { leaseDurationSeconds: spec.leaseDurationSeconds } : {}),
          },
      Date.now(),
    );
  } catch (err) {
    if (isNotFound(err)) return { side: 'none' };
    throw err;
  }
}

/**
 * A deleted kind's hand-off Lease, removed unless the exported operator holds it (it may still be
 * finishing): released Leases of uninstalled kinds would otherwise pile up in the namespace.
 */
export async function removeHandOffLease(kc: KubeConfig, namespace: string, crdName: string): Promise<void> {
  const api = kc.makeApiClient(CoordinationV1Api);
  const name = handOffLeaseName(crdName);
  try {
    const lease = await api.readNamespacedLease({ namespace, name });
    const holder = lease.spec?.holderIdentity ?? '';
    if (holder !== '' && !isStudioHolder(holder)) return;
    await api.deleteNamespacedLease({
      namespace,
      name,
      body: { preconditions: { resourceVersion: lease.metadata?.resourceVersion ?? '' } },
    });
  } catch (err) {
    // gone already, or changed since it was read (409): nothing to clean up here
    if (!isNotFound(err) && kubeStatusCode(err) !== 409) throw err;
  }
}
