/**
 * The hand-off between the studio's embedded controller and the exported Go operator
 * (docs/design/0030-hand-off.md): whichever side reconciles a kind holds a coordination.k8s.io
 * Lease named after the kind's CRD (`<plural>.<group>`) in the studio's Lease namespace. The
 * studio's holder identities start with STUDIO_HOLDER_PREFIX, so the Go side can tell "the
 * studio reconciles this kind" from "another replica of me does". Pure: both the controller and
 * the scaffold (which writes the same names into cmd/main.go) use these.
 */

/** Every identity the studio writes on a hand-off Lease starts with this. */
export const STUDIO_HOLDER_PREFIX = 'operator-studio:';

/** The exported manager's flags, named in messages on both sides. */
export const IGNORE_STUDIO_LEASE_FLAG = '--ignore-studio-lease';
export const STUDIO_LEASE_NAMESPACE_FLAG = '--studio-lease-namespace';

/** The hand-off Lease of a kind: its CRD name, already a valid object name (DNS subdomain). */
export const handOffLeaseName = (crdName: string): string => crdName;

export const isStudioHolder = (holder: string): boolean => holder.startsWith(STUDIO_HOLDER_PREFIX);

/** The command that pauses the embedded controller for a kind. */
export const pauseCommand = (crdName: string): string => `opstudio pause ${crdName}`;

/** Who reconciles a kind, as read from its hand-off Lease (holder '' or expired: nobody). */
export type HandOffHolder =
  | { readonly side: 'none' }
  | { readonly side: 'studio'; readonly identity: string }
  | { readonly side: 'exported'; readonly identity: string };

/**
 * Reads a Lease's holder the way a candidate would: held while renewTime + leaseDuration is in the
 * future by `nowMs`. (The Go side checks the same way at start; clocks of the two sides are
 * assumed to agree within the 15 s lease, as for any client reading renewTime.)
 */
export function handOffHolder(
  spec: { holderIdentity?: string; renewTime?: string | Date; leaseDurationSeconds?: number } | undefined,
  nowMs: number,
): HandOffHolder {
  const identity = spec?.holderIdentity ?? '';
  if (identity === '' || spec?.renewTime === undefined) return { side: 'none' };
  const renewed = new Date(spec.renewTime).getTime();
  if (!(renewed + (spec.leaseDurationSeconds ?? 0) * 1000 > nowMs)) return { side: 'none' };
  return isStudioHolder(identity) ? { side: 'studio', identity } : { side: 'exported', identity };
}
