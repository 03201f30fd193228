'use client';
// One CR's page: spec form + YAML + Apply, status and conditions, what it owns (objects, Pods), its
// reconcile timeline and its Events, all live over the page's one subscription. The object
// itself is fetched once and refetched whenever the kind's live rows show a newer resourceVersion.
import { eventsTopic, ownedTopic, resourcesTopic, timelineTopic } from '@opstudio/shared/live/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { EventsPanel } from '../events/EventsPanel';
import { useMayDo } from '../auth';
import { useLiveTopics } from '../live/LiveProvider';
import { TimelinePanel } from '../timeline/TimelinePanel';
import { TimelineHandOffNote } from './KindHandOff';
import { ConditionBadges } from './ConditionBadges';
import { DeleteDialog } from './DeleteDialog';
import { useCluster } from '../cluster/ClusterScope';
import { kindPath } from './paths';
import { OwnedPanel } from './OwnedPanel';
import { PodsPanel } from './PodsPanel';
import { ClaimsPanel } from './ClaimsPanel';
import styles from './resources.module.css';
import { SpecEditor } from './SpecEditor';
import { StatusPanel } from './StatusPanel';
import { useKind } from './use-kinds';
import { useNow } from './use-now';
import type { RowCondition } from './api-types';
import { useRouter } from 'next/navigation';
import { Skeleton } from '../shell/Skeleton';

interface Props {
  readonly crdName: string;
  readonly namespace: string | undefined;
  readonly name: string;
}

export function ResourcePage({ crdName, namespace, name }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { href: on } = useCluster();
  const kind = useKind(crdName);
  const now = useNow();
  const [deleting, setDeleting] = useState(false);
  const ref = kind?.version
    ? {
        group: kind.group,
        version: kind.version,
        plural: kind.plural,
        name,
        ...(namespace !== undefined ? { namespace } : {}),
      }
    : null;
  const getOptions = trpc.resources.get.queryOptions(ref ?? { group: 'x', version: 'v1', plural: 'x', name }, {
    enabled: ref !== null,
    staleTime: Infinity,
  });
  const object = useQuery(getOptions);
  // Apply and Delete only when the studio role and Kubernetes RBAC allow them (features/auth); the server checks again
  const target =
    ref === null
      ? null
      : { group: ref.group, resource: ref.plural, name, ...(namespace !== undefined ? { namespace } : {}) };
  const mayPatch = useMayDo('editor', target === null ? null : { verb: 'patch', ...target });
  const mayDelete = useMayDo('editor', target === null ? null : { verb: 'delete', ...target });
  const uid = object.data?.metadata.uid;

  const rowsTopic = ref === null ? null : resourcesTopic({ ...ref, namespace });
  const topics = useMemo(
    () =>
      uid === undefined || rowsTopic === null ? [] : [rowsTopic, ownedTopic(uid), timelineTopic(uid), eventsTopic(uid)],
    [uid, rowsTopic],
  );
  const { state } = useLiveTopics(topics);
  const row = rowsTopic === null || uid === undefined ? undefined : state.rows.get(rowsTopic)?.get(uid);
  const rows = rowsTopic === null ? undefined : state.rows.get(rowsTopic);
  const gone = rows !== undefined && uid !== undefined && !rows.has(uid);

  // the live row says the object changed: fetch the new version (status, spec edited elsewhere)
  const { refetch } = object;
  const liveVersion = row?.resourceVersion;
  const shownVersion = object.data?.metadata.resourceVersion;
  useEffect(() => {
    if (liveVersion !== undefined && shownVersion !== undefined && liveVersion !== shownVersion) void refetch();
  }, [liveVersion, shownVersion, refetch]);

  if (kind === undefined) return <Skeleton lines={6} label="Loading…" />;
  if (kind === null)
    return <p className={styles.error}>The cluster has no CRD named {crdName}: it may have been uninstalled.</p>;
  if (object.error !== null) return <p className={styles.error}>{object.error.message}</p>;
  if (object.data === undefined || uid === undefined) return <Skeleton lines={6} label={`Loading ${name}…`} />;
  const managed = kind.designId !== null;
  const conditions = row?.conditions ?? (object.data.status?.conditions as RowCondition[] | undefined) ?? [];

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <Link href={on(kindPath(kind.name))} className={styles.sub}>
          {kind.kind}
        </Link>
        <h1 className={styles.title}>{name}</h1>
        <span className={styles.sub}>{namespace !== undefined ? `namespace ${namespace}` : 'cluster-scoped'}</span>
        <ConditionBadges conditions={conditions} />
        <span className={styles.spacer} />
        {managed && mayDelete && (
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={() => setDeleting(true)}>
            Delete
          </button>
        )}
      </div>
      {gone && <p className={styles.error}>This object no longer exists in the cluster.</p>}
      {!managed && <p className={styles.note}>Not installed by the studio: shown read-only.</p>}
      <SpecEditor
        kind={kind}
        object={object.data}
        readOnly={!managed || !mayPatch}
        onApplied={(obj) => queryClient.setQueryData(getOptions.queryKey, obj)}
      />
      <div className={styles.grid2}>
        <StatusPanel object={object.data} now={now} />
        <PodsPanel owned={state.owned.get(uid)} now={now} />
      </div>
      <ClaimsPanel owned={state.owned.get(uid)} now={now} />
      <OwnedPanel owned={state.owned.get(uid)} now={now} namespace={namespace} />
      {managed && <TimelineHandOffNote crdName={crdName} />}
      <TimelinePanel uid={uid} live={state.timelines.get(uid)} />
      <EventsPanel events={state.events.get(uid)} now={now} />
      {managed && (
        <DeleteDialog
          kind={kind}
          target={deleting ? { name, namespace: namespace ?? null } : null}
          onClose={(deleted) => {
            setDeleting(false);
            if (deleted) router.push(on(kindPath(kind.name)));
          }}
        />
      )}
    </div>
  );
}
