'use client';
// Delete with confirmation: a modal dialog naming the object and what goes with it once the
// finalizer has run (the children its pinned design makes, shared/graph/delete-consequences),
// and the claims that stay behind.
import { useMutation, useQuery } from '@tanstack/react-query';
import { parseDesign } from '@opstudio/shared/design/io';
import { deleteConsequences } from '@opstudio/shared/graph/delete-consequences';
import { useEffect, useMemo, useRef } from 'react';
import { useTRPC } from '../../trpc/client';
import type { ResourceKind } from './api-types';
import styles from './resources.module.css';

interface Props {
  readonly kind: ResourceKind;
  readonly target: { readonly name: string; readonly namespace: string | null } | null;
  readonly onClose: (deleted: boolean) => void;
}

export function DeleteDialog({ kind, target, onClose }: Props) {
  const trpc = useTRPC();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useMutation(trpc.resources.delete.mutationOptions({ onSuccess: () => onClose(true) }));
  const { reset } = remove;
  // the design version the kind was installed from: a saved version never changes
  const pinned = useQuery({
    ...trpc.designs.get.queryOptions({ id: kind.designId ?? '', version: kind.designVersion ?? 1 }),
    enabled: target !== null && kind.designId !== null && kind.designVersion !== null,
    staleTime: Infinity,
    retry: false,
  });
  const consequences = useMemo(() => {
    const parsed = pinned.data === undefined ? null : parseDesign(pinned.data.yaml);
    return parsed?.ok === true ? deleteConsequences(parsed.design) : null;
  }, [pinned.data]);

  useEffect(() => {
    const d = dialog.current;
    if (d === null) return;
    if (target !== null && !d.open) {
      reset();
      d.showModal();
    }
    if (target === null && d.open) d.close();
  }, [target, reset]);

  const confirm = () => {
    if (target === null || kind.version === null) return;
    remove.mutate({
      group: kind.group,
      version: kind.version,
      plural: kind.plural,
      name: target.name,
      ...(target.namespace !== null ? { namespace: target.namespace } : {}),
    });
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="delete-title"
      onClose={() => target !== null && onClose(false)}
    >
      <h2 id="delete-title">Delete {target?.name}?</h2>
      <p className={styles.note}>
        The {kind.kind} {target?.namespace ? `in namespace ${target.namespace} ` : ''}is deleted after its finalizer has
        run; what it owns goes with it{consequences !== null ? ` (${consequences.takes})` : ''}.
      </p>
      {consequences?.keeps != null && <p className={styles.note}>{consequences.keeps}</p>}
      {remove.error !== null && (
        <p className={styles.error} role="alert">
          {remove.error.message}
        </p>
      )}
      <div className={styles.dialogButtons}>
        <button type="button" className={styles.button} onClick={() => onClose(false)}>
          Cancel
        </button>
        <button
          type="button"
          className={`${styles.button} ${styles.dangerSolid}`}
          onClick={confirm}
          disabled={remove.isPending}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </dialog>
  );
}
