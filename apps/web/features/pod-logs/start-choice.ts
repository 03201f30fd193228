// The view's "from where" choice as one select: the last N lines, the last N seconds, or all.
import { SINCE_CHOICES, TAIL_CHOICES, type LogStart } from '@opstudio/shared/pod-logs/options';

export const START_OPTIONS: readonly { readonly value: string; readonly label: string; readonly start: LogStart }[] = [
  ...TAIL_CHOICES.map((n) => ({ value: `tail:${n}`, label: `Last ${n} lines`, start: { tailLines: n } })),
  ...SINCE_CHOICES.map((s) => ({
    value: `since:${s.seconds}`,
    label: `Last ${s.label}`,
    start: { sinceSeconds: s.seconds },
  })),
  { value: 'all', label: 'Everything', start: { all: true as const } },
];

export const DEFAULT_START = 'tail:500';

export function startOf(value: string): LogStart {
  return (START_OPTIONS.find((o) => o.value === value) ?? START_OPTIONS[1]!).start;
}
