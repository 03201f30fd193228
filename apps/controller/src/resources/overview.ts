// resources.overview: the home page's table of the kinds the studio installed, each with how many
// objects it has and how many of them are healthy (Ready or Available True), as Headlamp's cluster
// overview counts workloads. The counting is a pure function of the rows; the rows come from an
// informer that already runs (the kind's operator, a live table) and otherwise from one LIST.
import type { ResourceKind, ResourceRow } from './types';

/** The conditions that say an object is healthy, in the order they are asked. */
export const HEALTH_CONDITIONS = ['Ready', 'Available'] as const;

export interface KindHealth {
  readonly total: number;
  /** Ready or Available is True. */
  readonly healthy: number;
  /** Ready or Available is False or Unknown, or the object is being deleted. */
  readonly unhealthy: number;
  /** No Ready or Available condition yet (not reconciled, or a kind without them). */
  readonly unknown: number;
}

export interface KindOverview extends KindHealth {
  /** The CRD name, `<plural>.<group>`. */
  readonly name: string;
  readonly kind: string;
  readonly group: string;
  readonly version: string | null;
  readonly plural: string;
  readonly designId: string | null;
  readonly designVersion: number | null;
  /** Why the objects could not be counted (the counts are then 0); null when they were. */
  readonly error: string | null;
}

type Health = 'healthy' | 'unhealthy' | 'unknown';

/** One object's health from its conditions: the first of HEALTH_CONDITIONS it has decides. */
export function rowHealth(row: Pick<ResourceRow, 'conditions' | 'deletionTimestamp'>): Health {
  if (row.deletionTimestamp !== null) return 'unhealthy';
  for (const type of HEALTH_CONDITIONS) {
    const c = row.conditions.find((x) => x.type === type);
    if (c !== undefined) return c.status === 'True' ? 'healthy' : 'unhealthy';
  }
  return 'unknown';
}

export function kindHealth(rows: readonly Pick<ResourceRow, 'conditions' | 'deletionTimestamp'>[]): KindHealth {
  const counts = { healthy: 0, unhealthy: 0, unknown: 0 };
  for (const row of rows) counts[rowHealth(row)]++;
  return { total: rows.length, ...counts };
}

export function kindOverview(
  kind: ResourceKind,
  rows: readonly Pick<ResourceRow, 'conditions' | 'deletionTimestamp'>[],
  error: string | null = null,
): KindOverview {
  return {
    name: kind.name,
    kind: kind.kind,
    group: kind.group,
    version: kind.version,
    plural: kind.plural,
    designId: kind.designId,
    designVersion: kind.designVersion,
    error,
    ...kindHealth(error === null ? rows : []),
  };
}
