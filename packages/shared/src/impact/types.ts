// The impact of installing a changed design on the custom resources already in the cluster
// (issue 31, point 1; docs/design/0051-impact-before-install.md): per resource, whether the API
// server would refuse its next write under the new CRD, and what its children become.
import type { KubeObject } from '../graph/model';
import type { ObjectChange } from '../resources/object-changes';

/** A custom resource, by where it lives. */
export interface ResourceRef {
  readonly namespace?: string;
  readonly name: string;
}

/** One field the new CRD refuses, as the API server words it. */
export interface RefusedField {
  /** `spec.replicas` ('' for the object itself) */
  readonly field: string;
  /** the API server's line: `spec.replicas: Invalid value: 3: spec.replicas in body should be greater than or equal to 5` */
  readonly message: string;
  /** its words alone: `should be greater than or equal to 5` */
  readonly detail: string;
}

/**
 * When the API server refuses it (docs/design/0051):
 * - `next-write`: any write, even one that changes nothing (ratcheting does not save it);
 * - `when-changed`: a write that changes one of these fields, or the object created again (a
 *   restore, a GitOps re-apply to a fresh cluster). The API server ratchets an unchanged invalid
 *   value (KEP-4008), so an untouched field still passes.
 */
export type RefusedWhen = 'next-write' | 'when-changed';

/** A child as both designs render it for one custom resource. */
export interface ChildChange {
  /** the child's id in the design, with a collection's element key: `ports[metrics]` */
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly change: 'added' | 'changed' | 'deleted';
  /** the fields that change (changed only), each from the installed design's value to the draft's */
  readonly fields: readonly ObjectChange[];
  /** the draft's object (added and changed), for the server-side dry run; not sent to clients */
  readonly object?: KubeObject;
}

/** One custom resource's impact. */
export interface ResourceImpact extends ResourceRef {
  readonly children: readonly ChildChange[];
  /** set when the new CRD refuses it */
  readonly refused?: { readonly when: RefusedWhen; readonly fields: readonly RefusedField[] };
  /** why a child could not be rendered with the draft (its expressions fail for this resource) */
  readonly failures?: readonly string[];
}

/** Resources that share the same change, for the summary line: `198 change 1 child (Deployment image)`. */
export interface ImpactGroup {
  readonly outcome: 'refused' | 'changed' | 'failed';
  readonly count: number;
  /** `Deployment image; Ingress deleted`, or the refused fields: `spec.replicas should be …` */
  readonly what: string;
  /** how many children change */
  readonly children: number;
  /** for `refused` */
  readonly when?: RefusedWhen;
}

export interface ImpactReport {
  readonly total: number;
  /** refused by the new CRD (whatever their children do) */
  readonly refused: readonly ResourceImpact[];
  /** children rendered differently (or not at all) with the draft */
  readonly changed: readonly ResourceImpact[];
  readonly unchanged: readonly ResourceRef[];
  readonly groups: readonly ImpactGroup[];
  /** `212 resources: 180 unchanged, 30 change 1 child (Deployment image), 2 would be refused (spec.port …)` */
  readonly summary: string;
  /** rules the studio's CEL could not run, or why validation was skipped */
  readonly notes: readonly string[];
}
