/**
 * The round trip over the live objects (issue 31, point 2; docs/design/0053): before a design
 * with conversion rules is installed, every custom resource already stored goes through the
 * draft's rules to each other version and back, and must come back equal — the check the
 * designer runs on the sample and on generated objects (round-trip.ts), here on the objects
 * people actually have. An object read at the hub goes hub → spoke → hub for every spoke; one
 * read at a spoke (the storage version changes with this install) goes spoke → hub → spoke, and
 * its hub form through every other spoke. Each object is first pruned to the draft's schema of
 * the version it was read at, as the API server prunes what it reads from etcd.
 */
import type { JSONValue } from '../crd/types';
import { convert, type ConversionPlan } from './convert';
import { pruneToSchema } from './prune';
import { firstDifference, roundTripMessage, type RoundTripFailure } from './round-trip';

type Obj = Record<string, JSONValue>;

/** Failures listed at most; `failed` counts them all. */
export const LIVE_ROUND_TRIP_SHOWN = 50;

export interface LiveRoundTripFailure {
  readonly namespace?: string;
  readonly name: string;
  /** `v1 → v1alpha1 → v1 does not round-trip web-7: spec.port was 8080, came back absent` */
  readonly message: string;
}

export interface LiveRoundTrip {
  /** objects checked */
  readonly checked: number;
  /** objects that do not come back equal (or whose conversion fails) */
  readonly failed: number;
  readonly failures: readonly LiveRoundTripFailure[];
  /** the version the objects were read at */
  readonly readAt: string;
}

const metaOf = (o: Obj) => (o.metadata ?? {}) as Record<string, JSONValue>;

/** The first way `object` (read at `readAt`) fails to round-trip, or null. */
function failureOf(plan: ConversionPlan, object: Obj, readAt: string): string | null {
  // from → to → from; the object at `to` too, for the next trips
  const trip = (o: Obj, from: string, to: string, spoke: string): { failure: string | null; there?: Obj } => {
    const path = [from, to, from] as const;
    const there = convert(plan, o, from, to);
    const back = there.ok ? convert(plan, there.object, to, from) : there;
    if (!back.ok) return { failure: roundTripMessage({ spoke, path, object: o, field: '', error: back.message }) };
    const diff = firstDifference(o, back.object, '');
    const failure =
      diff === null ? null : roundTripMessage({ spoke, path, object: o, ...diff } satisfies RoundTripFailure);
    return there.ok ? { failure, there: there.object } : { failure };
  };
  let hubForm = object;
  if (readAt !== plan.hub) {
    const up = trip(object, readAt, plan.hub, readAt);
    if (up.failure !== null || up.there === undefined) return up.failure;
    hubForm = up.there;
  }
  for (const [spoke] of plan.spokes) {
    if (spoke === readAt) continue;
    const f = trip(hubForm, plan.hub, spoke, spoke).failure;
    if (f !== null) return f;
  }
  return null;
}

/**
 * Every object, read at `readAt`, through the draft's rules; null when the draft has no other
 * version to convert to, or `readAt` is not one of its versions (nothing the rules can be asked).
 */
export function liveRoundTrips(plan: ConversionPlan, objects: readonly Obj[], readAt: string): LiveRoundTrip | null {
  if (plan.spokes.size === 0 || !plan.schemas.has(readAt)) return null;
  const schema = plan.schemas.get(readAt);
  const failures: LiveRoundTripFailure[] = [];
  let failed = 0;
  for (const raw of objects) {
    const object = schema === undefined ? raw : (pruneToSchema(raw, schema, true) as Obj);
    const message = failureOf(plan, object, readAt);
    if (message === null) continue;
    failed++;
    if (failures.length >= LIVE_ROUND_TRIP_SHOWN) continue;
    const meta = metaOf(raw);
    failures.push({
      ...(typeof meta.namespace === 'string' ? { namespace: meta.namespace } : {}),
      name: typeof meta.name === 'string' ? meta.name : '',
      message,
    });
  }
  return { checked: objects.length, failed, failures, readAt };
}
