// Who controls an object, and whether a reconciler may write it. controller-runtime's
// SetControllerReference refuses an object another controller owns (AlreadyOwnedError), and so
// does the studio. Unlike controller-runtime's CreateOrUpdate, the studio also refuses an object
// that merely exists under the child's name (AlreadyExists): adopting it would let anyone who may
// create the custom resource take over, rewrite and later delete an object they could not touch
// themselves (a Namespace, a Secret) with the controller's rights. A child whose design says
// `adopt: true` takes over an object with no controller; nothing takes one another controller owns.

export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
}

/** What ownership needs to know of an object: its kind, name, namespace and owner references. */
export interface OwnedObject {
  readonly kind?: string;
  readonly metadata?: {
    readonly name?: string;
    readonly namespace?: string;
    readonly ownerReferences?: readonly OwnerReference[];
  };
}

/** AlreadyOwned: another controller holds it; AlreadyExists: nobody controls it and the child may not adopt. */
export type ConflictReason = 'AlreadyOwned' | 'AlreadyExists';

export interface OwnershipConflict {
  readonly reason: ConflictReason;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  /** The controller that holds it (AlreadyOwned only). */
  readonly controller?: OwnerReference;
  /** `Service web/site-service is controlled by WebApp other (uid …); left untouched` */
  readonly message: string;
}

/** The ownerReference with `controller: true`, if any. */
export function controllerReference(o: OwnedObject): OwnerReference | undefined {
  return o.metadata?.ownerReferences?.find((r) => r.controller === true);
}

/**
 * Why the reconciler of the owner `ownerUid` may not write the existing object `o`, or undefined
 * when it may: `o` is controlled by that owner, or has no controller and `adopt` is set.
 */
export function ownershipConflict(o: OwnedObject, ownerUid: string, adopt = false): OwnershipConflict | undefined {
  const controller = controllerReference(o);
  if (controller?.uid === ownerUid) return undefined;
  if (controller === undefined && adopt) return undefined;
  const kind = o.kind ?? 'Object';
  const name = o.metadata?.name ?? '';
  const namespace = o.metadata?.namespace;
  const where = namespace !== undefined && namespace !== '' ? `${namespace}/${name}` : name;
  const at = { kind, name, ...(namespace !== undefined ? { namespace } : {}) };
  if (controller === undefined)
    return {
      reason: 'AlreadyExists',
      ...at,
      message: `${kind} ${where} already exists and was not created for this resource; left untouched (a child with adopt: true takes over such an object)`,
    };
  return {
    reason: 'AlreadyOwned',
    ...at,
    controller,
    message: `${kind} ${where} is controlled by ${controller.kind} ${controller.name} (uid ${controller.uid}); left untouched`,
  };
}
