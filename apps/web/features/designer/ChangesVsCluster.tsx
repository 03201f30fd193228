'use client';
// "Changes vs cluster": the saved design against the CRD installed in the cluster, by the
// OLM v1 upgrade-safety rules (crds.diff runs the server's dry run and diffCrds).
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useCluster } from '../cluster/ClusterScope';
import { useTRPC } from '../../trpc/client';
import { PreviousCrd } from './PreviousCrd';
import styles from './designer.module.css';

export function ChangesVsCluster({
  designId,
  dirty,
  savedVersion,
}: {
  readonly designId: string;
  readonly dirty: boolean;
  readonly savedVersion: number;
}) {
  const trpc = useTRPC();
  const { href: on } = useCluster();
  const diff = useQuery(trpc.crds.diff.queryOptions({ designId, version: savedVersion }));
  if (diff.isPending) return <p className={styles.hint}>Comparing with the cluster…</p>;
  if (diff.isError)
    return (
      <p role="alert" className={styles.issueText}>
        {diff.error.message}
      </p>
    );
  const d = diff.data;
  if (d.installed === null)
    return d.previous !== null ? (
      <PreviousCrd designId={designId} crdName={d.crdName} previous={d.previous} />
    ) : (
      <p className={styles.hint}>
        Not installed: Install CRD creates <span className={styles.mono}>{d.crdName}</span>.
      </p>
    );
  return (
    <div>
      <p className={styles.hint}>
        Version {d.designVersion} of this design against <span className={styles.mono}>{d.crdName}</span>
        {d.installed?.designVersion ? ` (installed from version ${d.installed.designVersion})` : ''}.
        {dirty ? ' Save to compare your latest edits.' : ''}{' '}
        <Link href={on(`/designs/${encodeURIComponent(designId)}/impact?version=${savedVersion}`)}>
          Impact on live resources
        </Link>
      </p>
      {d.dryRunError ? (
        <p role="alert" className={styles.issueText}>
          Dry run failed: {d.dryRunError}
        </p>
      ) : null}
      {d.changes.length === 0 ? (
        <p>No changes: the cluster has this CRD as designed.</p>
      ) : (
        <table className={styles.changes} aria-label="Changes vs cluster">
          <thead>
            <tr>
              <th>Severity</th>
              <th>Where</th>
              <th>Change</th>
            </tr>
          </thead>
          <tbody>
            {d.changes.map((c, i) => (
              <tr key={i} className={c.severity === 'breaking' ? styles.breaking : undefined}>
                <td>{c.severity}</td>
                <td className={styles.mono}>{c.designPath}</td>
                <td>
                  {c.message} <span className={styles.hint}>({c.rule})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
