// The result of every local check: where, what to do, how bad. Paths use the diff's
// notation (`v1: .spec.size` in a schema, `.spec.names.plural` in the CRD) so the UI
// can put both next to the same field.
export type IssueSeverity = 'error' | 'warning';

export interface Issue {
  path: string;
  message: string;
  severity: IssueSeverity;
}

export const error = (path: string, message: string): Issue => ({ path, message, severity: 'error' });
export const warning = (path: string, message: string): Issue => ({ path, message, severity: 'warning' });

export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
