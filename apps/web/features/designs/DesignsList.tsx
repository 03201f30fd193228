'use client';
// /designs: every saved design with its kind, latest version and whether it is installed; a
// design saved with errors (it cannot be installed until they are fixed) says how many.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows } from '../auth';
import { useCluster } from '../cluster/ClusterScope';
import { designPath } from '../resources/paths';
import styles from './designs.module.css';
import { Skeleton } from '../shell/Skeleton';

export function DesignsList() {
  const trpc = useTRPC();
  const { href: on } = useCluster();
  const designs = useQuery(trpc.designs.list.queryOptions());
  const crds = useQuery(trpc.crds.list.queryOptions());
  const canCreate = useRoleAllows('editor'); // viewers only look (the server refuses anyway)
  const installed = new Map((crds.data ?? []).filter((c) => c.managed !== null).map((c) => [c.managed!.designId, c]));
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>Designs</h1>
        {canCreate ? (
          <Link href={on('/designs/new')} className={styles.primary}>
            New design
          </Link>
        ) : null}
      </div>
      {designs.isPending ? <Skeleton lines={4} label="Loading the designs…" /> : null}
      {designs.isError ? (
        <p role="alert" className={styles.error}>
          Cannot list designs: {designs.error.message}
        </p>
      ) : null}
      {designs.data?.length === 0 ? <p className={styles.muted}>No designs yet: start one with “New design”.</p> : null}
      {designs.data && designs.data.length > 0 ? (
        <table className={styles.table} aria-label="Designs">
          <thead>
            <tr>
              <th>Name</th>
              <th>Kind</th>
              <th>CRD</th>
              <th>Revision</th>
              <th>Installed</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {designs.data.map((d) => {
              const crd = installed.get(d.id);
              return (
                <tr key={d.id}>
                  <td>
                    <Link href={on(designPath(d.id))}>{d.name}</Link>
                    {d.problems > 0 ? (
                      <>
                        {' '}
                        <span
                          className={styles.error}
                          title="Open the design to see them: it cannot be installed until they are fixed"
                        >
                          ({d.problems} error{d.problems === 1 ? '' : 's'})
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>{d.kind ?? '—'}</td>
                  <td className={styles.mono}>{d.crdName ?? 'does not parse'}</td>
                  <td>{d.latestVersion}</td>
                  <td>
                    {crd
                      ? `revision ${crd.managed?.designVersion ?? '?'}${crd.established ? '' : ' (not established)'}`
                      : '—'}
                  </td>
                  <td>{new Date(d.updatedAt).toLocaleString()}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
