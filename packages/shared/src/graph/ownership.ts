// Who controls an object, and whether a reconciler may write it: controller-runtime's
// SetControllerReference refuses an object another controller owns (AlreadyOwnedError), and so
// does the studio. An object with no controller may be adopted; one controlled by another uid is
// left untouched and named in the owner's Degraded condition.

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

export interface OwnershipConflict {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly controller: OwnerReference;
  /** `Service web/site-service is controlled by WebApp other (uid …); left untouched` */
  readonly message: string;
}

/** The ownerReference with `controller: true`, if any. */
export function controllerReference(o: OwnedObject): OwnerReference | undefined {
  return o.metadata?.ownerReferences?.find((r) => r.controller === true);
}

/** The conflict when `o` is controlled by something other than `ownerUid`; undefined when we may write it. */
export function ownershipConflict(o: OwnedObject, ownerUid: string): OwnershipConflict | undefined {
  const controller = controllerReference(o);
  if (controller === undefined || controller.uid === ownerUid) return undefined;
  const kind = o.kind ?? 'Object';
  const name = o.metadata?.name ?? '';
  const namespace = o.metadata?.namespace;
  const where = namespace !== undefined && namespace !== '' ? `${namespace}/${name}` : name;
  return {
    kind,
    name,
    ...(namespace !== undefined ? { namespace } : {}),
    controller,
    message: `${kind} ${where} is controlled by ${controller.kind} ${controller.name} (uid ${controller.uid}); left untouched`,
  };
}
