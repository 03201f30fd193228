'use client';
// The impact page (/designs/<id>/impact?version=N), linked from the designer's "Changes vs
// cluster": the same panel Install shows first, for a saved version.
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCluster } from '../cluster/ClusterScope';
import styles from '../designer/designer.module.css';
import { ImpactPanel } from './ImpactPanel';

export function ImpactPage({ id }: { readonly id: string }) {
  const { href: on } = useCluster();
  const version = Number(useSearchParams().get('version') ?? '');
  return (
    <main>
      <h1>Impact before install</h1>
      <p>
        <Link href={on(`/designs/${encodeURIComponent(id)}`)}>Back to the designer</Link>
      </p>
      {Number.isSafeInteger(version) && version > 0 ? (
        <ImpactPanel designId={id} version={version} />
      ) : (
        <p role="alert" className={styles.issueText}>
          Which version? Open this page from the designer&apos;s &quot;Changes vs cluster&quot;.
        </p>
      )}
    </main>
  );
}
