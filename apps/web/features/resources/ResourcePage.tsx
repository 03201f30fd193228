'use client';
// One CR's page: spec form + YAML + Apply, status and conditions, what it owns (objects, Pods), its
// reconcile timeline and its Events, all live over the page's one subscription. The object
// itself comes whole on its `object:` topic, from the shared informer cache, on subscribe and
// after every change (docs/design/0050): the header's badges, the Status panel and the form read
// that one version, and a status write costs one event, no request.
import { eventsTopic, objectTopic, ownedTopic, timelineTopic } from '@opstudio/shared/live/index';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { EventsPanel } from '../events/EventsPanel';
import { useMayDo } from '../auth';
import { useLiveTopics } from '../live/LiveProvider';
import { TimelinePanel } from '../timeline/TimelinePanel';
import { TimelineHandOffNote } from './KindHandOff';
import { ConditionBadges } from './ConditionBadges';
import { DeleteDialog } from './DeleteDialog';
import { AddAsTestCase } from './AddAsTestCase';
import { useCluster } from '../cluster/ClusterScope';
import { kindPath } from './paths';
import { OwnedPanel } from './OwnedPanel';
import { PodsPanel } from './PodsPanel';
import { ClaimsPanel } from './ClaimsPanel';
import styles from './resources.module.css';
import { SpecEditor } from './SpecEditor';
import { RevisionPin } from '../rollouts/RevisionPin';
import { REVISION_ANNOTATION } from '@opstudio/shared/rollout/revision';
import { StatusPanel } from './StatusPanel';
import { useKind } from './use-kinds';
import { useNow } from './use-now';
import type { FetchedObject, RowCondition } from './api-types';
import { newestObject } from './live-object';
import { useRouter } from 'next/navigation';
import { Skeleton } from '../shell/Skeleton';

interface Props {
  readonly crdName: string;
  readonly namespace: string | undefined;
  readonly name: string;
}

export function ResourcePage({ crdName, namespace, name }: Props) {
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
  const topic = ref === null ? null : objectTopic(ref);
  // Apply and Delete only when the studio role and Kubernetes RBAC allow them (features/auth); the server checks again
  const target =
    ref === null
      ? null
      : { group: ref.group, resource: ref.plural, name, ...(namespace !== undefined ? { namespace } : {}) };
  const mayPatch = useMayDo('editor', target === null ? null : { verb: 'patch', ...target });
  const mayDelete = useMayDo('editor', target === null ? null : { verb: 'delete', ...target });
  // the version shown: the stream's, or the page's own Apply answer until the stream brings it,
  // or the last one seen once the object is gone (kept per topic: another object starts afresh)
  const [shown, setShown] = useState<{ topic: string | null; object: FetchedObject | null }>({
    topic,
    object: null,
  });
  const uid = shown.topic === topic ? shown.object?.metadata.uid : undefined;
  const topics = useMemo(
    () =>
      topic === null
        ? []
        : uid === undefined
          ? [topic]
          : [topic, ownedTopic(uid), timelineTopic(uid), eventsTopic(uid)],
    [topic, uid],
  );
  const { state } = useLiveTopics(topics);
  const live = topic === null ? undefined : state.objects.get(topic);
  const showing = (incoming: FetchedObject | null) => {
    const current = shown.topic === topic ? shown.object : null;
    const next = newestObject(current, incoming);
    if (next !== current || shown.topic !== topic) setShown({ topic, object: next });
  };
  showing(live?.object ?? null); // React's "storing information from previous renders": settles in one pass
  const object = shown.topic === topic ? shown.object : null;

  if (kind === undefined) return <Skeleton lines={6} label="Loading…" />;
  if (kind === null)
    return <p className={styles.error}>The cluster has no CRD named {crdName}: it may have been uninstalled.</p>;
  if (live?.refused != null) return <p className={styles.error}>{live.refused}</p>;
  if (object === null || uid === undefined) {
    if (live === undefined) return <Skeleton lines={6} label={`Loading ${name}…`} />;
    const where = namespace !== undefined ? ` in namespace ${namespace}` : '';
    return (
      <p className={styles.error}>
        There is no {kind.kind} named {name}
        {where}: it may have been deleted.
      </p>
    );
  }
  const gone = live !== undefined && live.object === null;
  const managed = kind.designId !== null;
  const conditions = (object.status?.conditions as RowCondition[] | undefined) ?? [];

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
        {kind.designId !== null && (
          <AddAsTestCase designId={kind.designId} object={object} owned={state.owned.get(uid)} />
        )}
        {managed && mayDelete && (
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={() => setDeleting(true)}>
            Delete
          </button>
        )}
      </div>
      {gone && <p className={styles.error}>This object no longer exists in the cluster.</p>}
      {!managed && <p className={styles.note}>Not installed by the studio: shown read-only.</p>}
      <SpecEditor kind={kind} object={object} readOnly={!managed || !mayPatch} onApplied={showing} />
      {managed && ref !== null && (
        <RevisionPin
          crdName={crdName}
          target={ref}
          pinnedRevision={object.metadata.annotations?.[REVISION_ANNOTATION]}
          mayPatch={mayPatch}
        />
      )}
      <div className={styles.grid2}>
        <StatusPanel object={object} now={now} />
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
