'use client';
// What the design's controller will be allowed to do once installed (docs/design/0037): the
// rules of its ClusterRole, one resource a row, computed here from the design by the same
// function that writes the export's config/rbac/role.yaml. Cluster-scoped kinds and what asks
// for a second look (RBAC, Secrets, Namespaces, cluster-scoped writes) are marked; above them,
// where the children go beyond the custom resource's namespace (docs/design/0039).
import type { Design } from '@opstudio/shared/design/schema';
import { designPermissions, designReach } from '@opstudio/shared/manifests/identity';
import styles from './designer.module.css';

export function PermissionsList({ design }: { readonly design: Design }) {
  const rows = designPermissions(design);
  const reach = designReach(design);
  return (
    <>
      {reach.namespaces.length > 0 || reach.anyNamespace || reach.clusterScopedKinds.length > 0 ? (
        <ul aria-label="Where the controller writes" className={styles.permissions}>
          {reach.namespaces.length > 0 ? (
            <li className={styles.sensitive}>
              Namespaces besides the custom resource&apos;s:{' '}
              <span className={styles.mono}>{reach.namespaces.join(', ')}</span>
            </li>
          ) : null}
          {reach.anyNamespace ? (
            <li className={styles.sensitive}>
              A cluster-scoped kind: its children go to the namespaces their templates name
            </li>
          ) : null}
          {reach.clusterScopedKinds.length > 0 ? (
            <li>
              Cluster-scoped kinds it creates (the custom resource&apos;s finalizer deletes them where no owner
              reference can): <span className={styles.mono}>{reach.clusterScopedKinds.join(', ')}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <PermissionRows rows={rows} />
    </>
  );
}

function PermissionRows({ rows }: { readonly rows: ReturnType<typeof designPermissions> }) {
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
