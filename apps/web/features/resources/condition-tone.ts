// How a condition reads at a glance, after Kubernetes' conventions: positive types (Available,
// Ready) are good when True; abnormal ones (Degraded, …Pressure) when False; Progressing and
// Reconciling say whether work is under way, which is neither good nor bad in itself (False is
// a finished rollout), unless their reason says the work failed (ProgressDeadlineExceeded).
export type ConditionTone = 'good' | 'bad' | 'neutral';

const ABNORMAL = /^(Degraded|Failed|Failure|Error|Stalled|Terminating)$|Pressure$|Unavailable$/;
const UNDER_WAY = /^(Progressing|Reconciling)$/;
const FAILED_REASON = /DeadlineExceeded$|Failed|Error/;

export function conditionTone(c: {
  readonly type: string;
  readonly status: string;
  readonly reason?: string | null | undefined;
}): ConditionTone {
  if (UNDER_WAY.test(c.type)) return FAILED_REASON.test(c.reason ?? '') ? 'bad' : 'neutral';
  if (c.status === 'Unknown') return 'neutral';
  const good = ABNORMAL.test(c.type) ? c.status === 'False' : c.status === 'True';
  return good ? 'good' : 'bad';
}
