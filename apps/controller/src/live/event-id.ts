// Subscription event ids: `<epoch>-<seq>`. The epoch is the server's boot id, so an id handed out
// by an earlier process (the server restarted, its in-memory history is gone) is recognised as
// foreign and answered with a fresh snapshot instead of silently resuming from a wrong place.
// Snapshot events other than the last carry a suffix (`<epoch>-<seq>-s<i>`): resuming from the
// middle of a snapshot is not possible, so those ids also lead to a fresh snapshot.

export interface EventPosition {
  readonly epoch: string;
  readonly seq: number;
}

export type ResumePoint =
  { readonly kind: 'resume'; readonly seq: number } | { readonly kind: 'fresh'; readonly reason: string };

const idPattern = /^([a-z0-9]+)-(\d+)$/;

/** A new boot epoch: base-36 milliseconds since 1970 plus a random tail (two boots in one ms differ). */
export function newEpoch(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}${Math.floor(random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0')}`;
}

export function formatEventId(epoch: string, seq: number): string {
  return `${epoch}-${seq}`;
}

export function snapshotEventId(epoch: string, seq: number, index: number, count: number): string {
  return index === count - 1 ? formatEventId(epoch, seq) : `${formatEventId(epoch, seq)}-s${index}`;
}

export function parseEventId(id: string): EventPosition | undefined {
  const m = idPattern.exec(id);
  if (m === null || m[1] === undefined || m[2] === undefined) return undefined;
  const seq = Number(m[2]);
  return Number.isSafeInteger(seq) ? { epoch: m[1], seq } : undefined;
}

/** Where a reconnecting subscriber continues: after `seq`, or from a fresh snapshot. */
export function resumePoint(lastEventId: string | null | undefined, epoch: string, lastSeq: number): ResumePoint {
  if (lastEventId === undefined || lastEventId === null || lastEventId === '')
    return { kind: 'fresh', reason: 'first connection' };
  const pos = parseEventId(lastEventId);
  if (pos === undefined) return { kind: 'fresh', reason: 'id not resumable' };
  if (pos.epoch !== epoch) return { kind: 'fresh', reason: 'server restarted' };
  if (pos.seq > lastSeq) return { kind: 'fresh', reason: 'id from the future' };
  return { kind: 'resume', seq: pos.seq };
}
