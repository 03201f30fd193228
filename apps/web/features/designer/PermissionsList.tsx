'use client';
// What the design's controller will be allowed to do once installed (docs/design/0037): the
// rules of its ClusterRole, one resource a row, computed here from the design by the same
// function that writes the export's config/rbac/role.yaml. Cluster-scoped kinds and what asks
// for a second look (RBAC, Secrets, Namespaces, cluster-scoped writes) are marked.
import type { Design } from '@opstudio/shared/design/schema';
import { designPermissions } from '@opstudio/shared/manifests/identity';
import styles from './designer.module.css';

export function PermissionsList({ design }: { readonly design: Design }) {
  const rows = designPermissions(design);
  return (
    <ul aria-label="Permissions of the controller" className={styles.permissions}>
      {rows.map((p, i) => (
        <li key={i} className={p.sensitive !== undefined ? styles.sensitive : undefined}>
          <span className={styles.mono}>
            {p.group === '' ? 'core' : p.group}/{p.resource}
            {p.resourceNames !== undefined ? ` ${p.resourceNames.join(', ')}` : ''}
          </span>
          : {p.verbs.join(', ')}
          {p.clusterScoped ? <strong> (cluster-scoped)</strong> : null}
          {p.sensitive !== undefined ? <em> — {p.sensitive}</em> : null}
        </li>
      ))}
    </ul>
  );
}
