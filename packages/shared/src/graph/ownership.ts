// Who controls an object, and whether a reconciler may write it. controller-runtime's
// SetControllerReference refuses an object another controller owns (AlreadyOwnedError), and so
// does the studio. Unlike controller-runtime's CreateOrUpdate, the studio also refuses an object
// that merely exists under the child's name (AlreadyExists): adopting it would let anyone who may
// create the custom resource take over, rewrite and later delete an object they could not touch
// themselves (a Namespace, a Secret) with the controller's rights. A child whose design says
// `adopt: true` takes over an object with no controller; nothing takes one another controller owns.
// Where Kubernetes allows no owner reference (a namespaced custom resource and a cluster-scoped
// child, or a child in another namespace: the garbage collector would take the reference as
// absent and delete the child), the child carries the owner label and annotation instead
// (docs/design/0039); the rules above hold for that ownership alike.

export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
}

/** What ownership needs to know of an object: its kind, name, namespace, owner references and owner label. */
export interface OwnedObject {
  readonly kind?: string;
  readonly metadata?: {
    readonly name?: string;
    readonly namespace?: string;
    readonly ownerReferences?: readonly OwnerReference[];
    readonly labels?: Readonly<Record<string, string>>;
    readonly annotations?: Readonly<Record<string, string>>;
  };
}

/**
 * The uid of the custom resource that owns a child without an owner reference: a label, so the
 * controller's cache selects and indexes it (a uid is a valid label value).
 */
export const OWNER_UID_LABEL = 'studio.opstudio.dev/owner-uid';
/** Who that custom resource is, `Tenant.platform.example.com team-a/acme`: how a watch event finds it. */
export const OWNER_ANNOTATION = 'studio.opstudio.dev/owner';

/** The owner annotation of a namespaced custom resource: `<Kind>.<group> <namespace>/<name>`. */
export function ownerAnnotation(apiVersion: string, kind: string, namespace: string, name: string): string {
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return `${kind}${group === '' ? '' : `.${group}`} ${namespace}/${name}`;
}

export interface LabelledOwner {
  /** `Tenant.platform.example.com` */
  readonly kindGroup: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
}

/** The custom resource an object names by the owner label and annotation, or undefined. */
export function labelledOwner(o: OwnedObject): LabelledOwner | undefined {
  const uid = o.metadata?.labels?.[OWNER_UID_LABEL];
  if (uid === undefined || uid === '') return undefined;
  const m = /^([^ ]+) ([^/ ]+)\/([^/ ]+)$/.exec(o.metadata?.annotations?.[OWNER_ANNOTATION] ?? '');
  const kindGroup = m?.[1] ?? '';
  const kind = kindGroup.split('.')[0] ?? '';
  return { kindGroup, kind, namespace: m?.[2] ?? '', name: m?.[3] ?? '', uid };
}

/**
 * The uid of the object's owner as the studio's controllers see it: its controller reference's,
 * else (no controller reference) the owner label's.
 */
export function ownerUidOf(o: OwnedObject): string | undefined {
  return controllerReference(o)?.uid ?? labelledOwner(o)?.uid;
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
  const labelled = labelledOwner(o);
  const controller: OwnerReference | undefined =
    controllerReference(o) ??
    (labelled === undefined
      ? undefined
      : {
          apiVersion: '',
          kind: labelled.kind === '' ? 'a custom resource' : labelled.kind,
          name: labelled.name === '' ? '' : `${labelled.namespace}/${labelled.name}`,
          uid: labelled.uid,
          controller: true,
        });
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
    message: `${kind} ${where} is controlled by ${controller.kind}${controller.name === '' ? '' : ` ${controller.name}`} (uid ${controller.uid}); left untouched`,
  };
}
