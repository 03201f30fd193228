'use client';
// A kind's page: its CRs as a live table (all namespaces or one), "Create from sample" and delete
// for kinds the studio installed; other kinds are browsable read-only.
import { resourcesTopic, type Topic } from '@opstudio/shared/live/index';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useMayDo } from '../auth';
import { KindCharts } from '../charts/KindCharts';
import { useLiveTopics } from '../live/LiveProvider';
import type { ResourceRow } from './api-types';
import { CreateFromSample } from './CreateFromSample';
import { DesignLink } from './DesignLink';
import { DeleteDialog } from './DeleteDialog';
import { KindHandOff } from './KindHandOff';
import { KindMigration } from './KindMigration';
import { KindTable } from './KindTable';
import { KindRollout } from '../rollouts/KindRollout';
import { revisionText } from '../rollouts/revision-text';
import { useKindRevisions } from '../rollouts/use-kind-revisions';
import { tableOrder } from './table-order';
import styles from './resources.module.css';
import { useKind } from './use-kinds';
import { useNow } from './use-now';
import { Skeleton } from '../shell/Skeleton';

const ALL = '';

/** "3 memcacheds"; while a long snapshot is still arriving in pages, "1,200 of 10,000 tickets, loading…". */
function rowCount(
  n: number,
  kind: { readonly singular: string; readonly plural: string },
  loading: ReadonlyMap<string, number | undefined>,
  topic: Topic | null,
): string {
  const noun = n === 1 ? kind.singular : kind.plural;
  if (topic === null || !loading.has(topic)) return `${n.toLocaleString('en')} ${noun}`;
  const total = loading.get(topic);
  return total === undefined
    ? `${n.toLocaleString('en')} ${kind.plural} so far, loading…`
    : `${n.toLocaleString('en')} of ${total.toLocaleString('en')} ${kind.plural}, loading…`;
}

export function KindPage({ crdName }: { readonly crdName: string }) {
  const kind = useKind(crdName);
  const [namespace, setNamespace] = useState(ALL);
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  const now = useNow();
  const namespaced = kind?.scope !== 'Cluster';
  const topic: Topic | null = kind?.version
    ? resourcesTopic({
        group: kind.group,
        version: kind.version,
        plural: kind.plural,
        namespace: namespaced && namespace !== ALL ? namespace : undefined,
      })
    : null;
  const topics = useMemo(() => (topic === null ? ['namespaces' as const] : (['namespaces', topic] as const)), [topic]);
  const { state } = useLiveTopics(topics);
  const list = topic === null ? undefined : state.rows.get(topic);
  // the last order, reused while only rows in place change (table-order.ts)
  const order = useRef<readonly ResourceRow[]>([]);
  const rows = useMemo(() => (order.current = tableOrder(list, order.current)), [list]);
  const taken = useCallback(() => new Set(order.current.map((r) => r.name)), []);
  // offered only when the studio role and Kubernetes RBAC allow it (features/auth); the server checks again
  const mayCreate = useMayDo(
    'editor',
    kind?.version
      ? {
          verb: 'create',
          group: kind.group,
          resource: kind.plural,
          ...(namespaced ? { namespace: namespace === ALL ? 'default' : namespace } : {}),
        }
      : null,
  );
  const mayDelete = useMayDo(
    'editor',
    kind?.version
      ? {
          verb: 'delete',
          group: kind.group,
          resource: kind.plural,
          ...(namespaced && namespace !== ALL ? { namespace } : {}),
        }
      : null,
  );

  const revisions = useKindRevisions(crdName, typeof kind?.designId === 'string');
  const { data: revisionData, assigned } = revisions;
  const revisionOf = useCallback(
    (row: ResourceRow) => revisionText(row, revisionData, assigned),
    [revisionData, assigned],
  );

  if (kind === undefined) return <Skeleton lines={6} label="Loading kinds…" />;
  if (kind === null)
    return <p className={styles.error}>The cluster has no CRD named {crdName}: it may have been uninstalled.</p>;
  const managed = kind.designId !== null;
  const createIn = namespace === ALL ? 'default' : namespace;

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{kind.kind}</h1>
        <span className={styles.sub}>
          {kind.name} · {kind.version ?? 'no served version'} ·{' '}
          {kind.scope === 'Cluster' ? 'cluster-scoped' : 'namespaced'}
          {managed ? (
            <>
              {' · '}
              <DesignLink id={kind.designId} revision={kind.designVersion} />
            </>
          ) : (
            ' · not installed by the studio (read-only)'
          )}
        </span>
      </div>
      {managed && <KindHandOff crdName={kind.name} />}
      {managed && <KindMigration crdName={kind.name} />}
      {managed && <KindRollout crdName={kind.name} revisions={revisions} />}
      <div className={styles.toolbar}>
        {namespaced && (
          <label>
            Namespace
            <select value={namespace} onChange={(e) => setNamespace(e.target.value)}>
              <option value={ALL}>All namespaces</option>
              {(state.namespaces ?? []).map((n) => (
                <option key={n.uid} value={n.name}>
                  {n.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className={styles.sub} aria-live="polite">
          {list === undefined ? 'loading…' : rowCount(rows.length, kind, state.rowsLoading, topic)}
        </span>
        <span className={styles.spacer} />
        {managed && mayCreate && <CreateFromSample kind={kind} namespace={createIn} takenNames={taken} />}
      </div>
      <KindTable
        kind={kind}
        rows={rows}
        showNamespace={namespaced && namespace === ALL}
        now={now}
        onDelete={managed && mayDelete ? setDeleting : undefined}
        revisionOf={
          // the column says something only once revisions differ: a rollout, or a pinned resource
          managed && (revisionData?.rollout != null || rows.some((r) => r.pinnedRevision !== undefined))
            ? revisionOf
            : undefined
        }
      />
      {managed && <KindCharts crdName={kind.name} />}
      {managed && <DeleteDialog kind={kind} target={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
