'use client';
// The kind's controller health on its page: reconciles/s by result, p50/p99 duration, work-queue
// depth and retries/s over the last 15 minutes, from the controller's own metrics (metrics.kind),
// refreshed at the sampler's pace. Only the Lease holder reconciles: elsewhere the charts say who does.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc/client';
import { charts } from './chart-data';
import styles from './charts.module.css';
import { SmallChart } from './SmallChart';

const FALLBACK_REFRESH_MS = 5_000;

/** What the charts cover, or why they stay flat on this replica. */
function healthNote(data: {
  readonly controller: string;
  readonly here: { readonly state: string; readonly holder?: string };
  readonly leader: boolean;
  readonly everyMs: number;
  readonly windowMs: number;
}): string {
  if (data.here.state === 'reconciling')
    return `Controller ${data.controller}: up to the last ${Math.round(data.windowMs / 60_000)} minutes, a point every ${data.everyMs / 1000} s.`;
  if (data.here.state === 'waiting')
    return `Reconciled by ${data.here.holder || 'the exported operator'} now (hand-off): these charts stay flat.`;
  if (data.here.state === 'paused') return 'The embedded controller is paused for this kind: these charts stay flat.';
  return data.leader
    ? 'The controller for this kind is not running yet.'
    : 'Reconciling on the leader replica: this replica is a standby, so its charts stay flat.';
}

export function KindCharts({ crdName }: { readonly crdName: string }) {
  const trpc = useTRPC();
  const answer = useQuery({
    ...trpc.metrics.kind.queryOptions({ crdName }),
    refetchInterval: (q) => q.state.data?.everyMs ?? FALLBACK_REFRESH_MS,
  });
  const data = answer.data;
  return (
    <section className={styles.card} aria-label="Controller health">
      <h2>Controller health</h2>
      {data === undefined && answer.error === null && <p className={styles.note}>loading…</p>}
      {answer.error !== null && <p className={styles.note}>{answer.error.message}</p>}
      {data !== undefined && (
        <>
          <p className={styles.note}>{healthNote(data)}</p>
          <div className={styles.grid}>
            {charts.map((spec) => (
              <SmallChart
                key={spec.id}
                spec={spec}
                points={data.points}
                now={data.points.at(-1)?.at ?? answer.dataUpdatedAt}
                windowMs={data.windowMs}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
