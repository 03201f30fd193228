'use client';
// "Add as test case to the design" on a custom resource's page (issue 32): the object's name,
// namespace and spec, and each child it owns with what the cluster reports of it (its child id
// and conditions), handed to the designer of the design the kind was installed from, which adds
// them as a render case (designer/pending-case.ts) for Save as expected to pin.
import { useRouter } from 'next/navigation';
import { useRoleAllows } from '../auth';
import { useCluster } from '../cluster/ClusterScope';
import { writePendingCase } from '../designer/pending-case';
import type { FetchedObject, OwnedObjects } from './api-types';
import { designPath } from './paths';
import styles from './resources.module.css';

export function AddAsTestCase({
  designId,
  object,
  owned,
}: {
  readonly designId: string;
  readonly object: FetchedObject;
  readonly owned: OwnedObjects | undefined;
}) {
  const router = useRouter();
  const { href: on } = useCluster();
  // a case is an edit of the design: editors only (viewers only look)
  const canEdit = useRoleAllows('editor');
  const add = () => {
    const children = (owned?.objects ?? []).flatMap((o) =>
      o.depth === 1 && o.child !== null
        ? [{ child: o.child, kind: o.kind, name: o.name, conditions: o.conditions.map((c) => ({ ...c })) }]
        : [],
    );
    const { name, namespace } = object.metadata;
    writePendingCase(window.localStorage, designId, {
      cr: {
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: { name, ...(namespace !== undefined && namespace !== '' ? { namespace } : {}) },
        spec: object.spec,
      },
      children,
    });
    router.push(on(designPath(designId)));
  };
  if (!canEdit) return null;
  return (
    <button type="button" className={styles.button} onClick={add} disabled={owned === undefined}>
      Add as test case to the design
    </button>
  );
}
