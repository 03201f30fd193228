'use client';
// When the saved design makes a CRD under a new name (its group, kind or domain changed), the CRD
// it installed before is named here with the resources it holds, and an admin can uninstall it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows } from '../auth';
import styles from './designer.module.css';

interface Props {
  readonly designId: string;
  readonly crdName: string;
  readonly previous: { readonly crdName: string; readonly kind: string; readonly resources: number };
}

export function PreviousCrd({ designId, crdName, previous }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canUninstall = useRoleAllows('admin');
  const uninstall = useMutation(trpc.crds.uninstall.mutationOptions());
  const held =
    previous.resources === 0
      ? 'no resources'
      : `${previous.resources} ${previous.kind} resource${previous.resources === 1 ? '' : 's'}`;
  const run = async () => {
    const deleteResources =
      previous.resources > 0 &&
      window.confirm(`Uninstall ${previous.crdName} and delete its ${held}? They cannot be brought back.`);
    if (previous.resources > 0 && !deleteResources) return;
    await uninstall.mutateAsync({ designId, crdName: previous.crdName, deleteResources });
    await queryClient.invalidateQueries();
  };
  return (
    <div role="alert" className={styles.issueText}>
      <p>
        This version makes a new CRD, <span className={styles.mono}>{crdName}</span>: the design is installed as{' '}
        <span className={styles.mono}>{previous.crdName}</span>, which holds {held}. Installing leaves it in place.
      </p>
      {canUninstall ? (
        <button type="button" onClick={() => void run().catch(() => undefined)} disabled={uninstall.isPending}>
          {uninstall.isPending ? `Uninstalling ${previous.crdName}…` : `Uninstall ${previous.crdName}`}
        </button>
      ) : null}
      {uninstall.isError ? <p className={styles.issueText}>Not uninstalled: {uninstall.error.message}</p> : null}
    </div>
  );
}
