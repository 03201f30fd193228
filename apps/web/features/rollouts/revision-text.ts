// The Revision cell of a kind's table and a resource's page (docs/design/0055): which revision
// the resource runs and why, chosen by shared's chooseRevision exactly as the controller does.
import { chooseRevision, REVISION_ANNOTATION } from '@opstudio/shared/rollout/revision';
import { rolloutActive, type RolloutState } from '@opstudio/shared/rollout/rollout';

export interface KindRevisionState {
  readonly current: number;
  readonly rollout: { readonly state: RolloutState } | null;
}

/** `3`, `4 (rollout)`, `2 (pinned)`, or the pin's error; '' until the kind's revisions are known. */
export function revisionText(
  row: { readonly namespace: string | null; readonly name: string; readonly pinnedRevision?: string | undefined },
  kind: KindRevisionState | undefined,
  assigned: ReadonlySet<string>,
): string {
  if (kind === undefined) return '';
  const key = row.namespace === null ? row.name : `${row.namespace}/${row.name}`;
  const annotations = row.pinnedRevision === undefined ? undefined : { [REVISION_ANNOTATION]: row.pinnedRevision };
  const state = kind.rollout?.state;
  const choice = chooseRevision({ metadata: { annotations } }, key, {
    current: kind.current,
    rollout: state !== undefined && rolloutActive(state) ? { to: state.to, assigned } : undefined,
  });
  if ('error' in choice) return `pin "${row.pinnedRevision ?? ''}" is not a revision`;
  return choice.source === 'current'
    ? String(choice.version)
    : `${choice.version} (${choice.source === 'pinned' ? 'pinned' : 'rollout'})`;
}
