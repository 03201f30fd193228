// What one subscriber may see on the live subscription, in multi-user mode. The topics are fed
// from the studio's own cluster-wide caches, so every event that reveals custom resources (or the
// objects and Events they own) is checked against the user's Kubernetes RBAC: `list` on that
// resource in the object's namespace (SubjectAccessReviews, cached 10 s by AccessReviewer, so a
// busy table costs one review per namespace, not one per event). Events of other topics
// (cluster, namespaces, nodes, kinds, install progress) pass: they name no custom resource.
// One CR's `object:` topic is judged by `get` on that object, as resources.get is: a user who may
// not get it sees the object replaced by the refusal resources.get would answer with.
// A stream also ends with the session behind it and follows the user's current role
// (`sessionBound`, auth/session-watch.ts).
import { readableItems, requireKubeAccess } from '../auth';
import { ForbiddenError } from '../errors';
import type { StudioUser } from '../auth';
import type { LiveEvent } from '../live/events';
import type { WatchedSession } from '../auth/session-watch';
import { isFamilyTopic, parseObjectTopic, parseResourcesTopic, type FamilyTopic } from '@opstudio/shared/live/topics';
import type { TimelineRun } from '../history/types';
import type { OwnedObject, OwnedWorkload } from '../resources/types';
import type { RequestContext } from './context';

type Visible = (event: LiveEvent) => Promise<LiveEvent | undefined>;

/** undefined: the user acts as the studio itself (single-user mode) and sees everything. */
export function liveVisibility(ctx: RequestContext, user: StudioUser): Visible | undefined {
  if (ctx.identities.actsAsItself(user)) return undefined;
  const filter = <T>(
    q: { group: string; resource: string },
    items: readonly T[],
    ns: (item: T) => string | null | undefined,
  ) => readableItems(ctx, user, q, items, (item) => ns(item) ?? undefined);
  const one = async <T>(q: { group: string; resource: string }, item: T, ns: (item: T) => string | null | undefined) =>
    (await filter(q, [item], ns)).length === 1;
  const runsVisible = runsFilter(ctx, user);

  return async (event) => {
    // the prefix first: most events are of other topics, and they need no regex
    const resources = isFamilyTopic('resources', event.topic) ? parseResourcesTopic(event.topic) : undefined;
    if (resources !== undefined) {
      const e = event as Extract<LiveEvent, { topic: FamilyTopic<'resources'> }>;
      const q = { group: resources.group, resource: resources.plural };
      // a page's total counts rows this user may not see: withheld (shared/live/snapshot-pages.ts)
      if (e.type === 'snapshot' || e.type === 'page')
        return { ...e, items: await filter(q, e.items, (row) => row.namespace), ...(e.more ? { more: {} } : {}) };
      return (await one(q, e.item, (row) => row.namespace)) ? e : undefined;
    }
    const object = isFamilyTopic('object', event.topic) ? parseObjectTopic(event.topic) : undefined;
    if (object !== undefined) {
      const e = event as Extract<LiveEvent, { topic: FamilyTopic<'object'> }>;
      const { group, plural, namespace, name } = object;
      const refused = await getRefusal(ctx, user, { verb: 'get', group, resource: plural, namespace, name });
      return refused === undefined ? e : { topic: e.topic, type: 'snapshot', object: null, refused };
    }
    if (isFamilyTopic('owned', event.topic)) {
      const e = event as Extract<LiveEvent, { topic: FamilyTopic<'owned'> }>;
      const [workloads, pods, claims, objects] = await Promise.all([
        readableWorkloads(e.workloads, filter),
        filter({ group: '', resource: 'pods' }, e.pods, (p) => p.namespace),
        filter({ group: '', resource: 'persistentvolumeclaims' }, e.claims, (c) => c.namespace),
        e.objects === undefined ? undefined : readableObjects(e.objects, filter),
      ]);
      return { ...e, workloads, pods, claims, ...(objects !== undefined ? { objects } : {}) };
    }
    if (isFamilyTopic('events', event.topic)) {
      const e = event as Extract<LiveEvent, { topic: FamilyTopic<'events'> }>;
      const q = { group: '', resource: 'events' };
      if (e.type === 'snapshot') return { ...e, items: await filter(q, e.items, (x) => x.namespace) };
      return (await one(q, e.item, (x) => x.namespace)) ? e : undefined;
    }
    if (isFamilyTopic('timeline', event.topic)) {
      const e = event as Extract<LiveEvent, { topic: FamilyTopic<'timeline'> }>;
      if (e.type === 'snapshot') return { ...e, runs: await runsVisible(e.runs) };
      return (await runsVisible([e.run])).length === 1 ? e : undefined;
    }
    return event;
  };
}

/** The FORBIDDEN message resources.get would answer this user with (a SubjectAccessReview, cached), or undefined when RBAC allows it. */
export async function getRefusal(
  ctx: RequestContext,
  user: StudioUser,
  q: Parameters<typeof requireKubeAccess>[2],
): Promise<string | undefined> {
  try {
    await requireKubeAccess(ctx, user, q);
    return undefined;
  } catch (err) {
    if (err instanceof ForbiddenError) return err.message;
    throw err;
  }
}

/**
 * A live stream for a signed-in user: in multi-user mode it ends (returns) when its session ends
 * (sign-out, expiry, password change, user deleted: the client's reconnect then gets UNAUTHORIZED),
 * and its filter uses the user's role as of now. `open` gets the filter and the signal to stop on.
 */
export async function* sessionBound<T>(
  ctx: RequestContext & { readonly user: StudioUser },
  signal: AbortSignal | undefined,
  open: (visible: Visible | undefined, signal: AbortSignal | undefined) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  // watched from inside the generator, so a stream that never starts never registers
  const watched: WatchedSession | undefined =
    ctx.session === undefined ? undefined : ctx.auth.service.sessions.watch(ctx.session, ctx.user);
  try {
    const stop =
      watched === undefined
        ? signal
        : signal === undefined
          ? watched.signal
          : AbortSignal.any([signal, watched.signal]);
    yield* open(
      currentVisibility(ctx, () => watched?.user ?? ctx.user),
      stop,
    );
  } finally {
    watched?.stop();
  }
}

/**
 * The filter for a stream whose user may change role while it is open (session-watch.ts hands
 * over the new user): rebuilt when `current()` returns another user, so the next event is judged
 * with the new role's Kubernetes group. undefined: the user acts as the studio itself.
 */
function currentVisibility(ctx: RequestContext, current: () => StudioUser): Visible | undefined {
  let user = current();
  let visible = liveVisibility(ctx, user);
  if (visible === undefined) return undefined; // the studio itself (single-user mode): its role never changes
  return (event) => {
    const now = current();
    if (now !== user) [user, visible] = [now, liveVisibility(ctx, now)];
    return visible === undefined ? Promise.resolve(event) : visible(event);
  };
}

/** history.runs: only the runs of objects the user may list (same rule as the timeline topic). */
export async function visibleRuns<T extends TimelineRun>(
  ctx: RequestContext,
  user: StudioUser,
  runs: readonly T[],
): Promise<T[]> {
  return ctx.identities.actsAsItself(user) ? [...runs] : runsFilter(ctx, user)(runs);
}

/** history.runs: a page of one object's runs from the database, narrowed like the timeline topic. */
export async function visibleRunsPage(
  ctx: RequestContext & { readonly user: StudioUser },
  q: { uid: string; limit: number; before?: number | undefined },
) {
  const page = await ctx.history.page(q.uid, q.limit, q.before);
  return { ...page, runs: await visibleRuns(ctx, ctx.user, page.runs) };
}

/**
 * Keeps the runs whose object the user may list. A run names its kind by kind name + design id
 * (a cache lookup, on every run event of every subscriber: no ResourceKind is built); a run of a
 * kind no longer installed is hidden.
 */
function runsFilter(ctx: RequestContext, user: StudioUser) {
  return async <T extends TimelineRun>(runs: readonly T[]): Promise<T[]> => {
    const out: T[] = [];
    for (const run of runs) {
      const k = await ctx.resources.findKind(run.kind, run.designId);
      if (k === undefined) continue;
      const readable = await readableItems(
        ctx,
        user,
        { group: k.group, resource: k.plural },
        [run],
        (r) => r.namespace ?? undefined,
      );
      if (readable.length === 1) out.push(run);
    }
    return out;
  };
}

/** Owned objects of any kinds: each kept when the user may list its kind (group/resource) in its namespace. */
/** The workloads of kinds the user may list in their namespaces (Deployments, StatefulSets, … : apps; Jobs, CronJobs: batch). */
async function readableWorkloads(
  workloads: readonly OwnedWorkload[],
  filter: (
    q: { group: string; resource: string },
    items: readonly OwnedWorkload[],
    ns: (item: OwnedWorkload) => string | undefined,
  ) => Promise<OwnedWorkload[]>,
): Promise<OwnedWorkload[]> {
  const kinds = [...new Set(workloads.map((w) => w.kind))];
  const readable = await Promise.all(
    kinds.map((kind) =>
      filter(
        { group: kind === 'Job' || kind === 'CronJob' ? 'batch' : 'apps', resource: `${kind.toLowerCase()}s` },
        workloads.filter((w) => w.kind === kind),
        (w) => w.namespace,
      ),
    ),
  );
  const ok = new Set(readable.flat().map((w) => w.uid));
  return workloads.filter((w) => ok.has(w.uid));
}

async function readableObjects(
  objects: readonly OwnedObject[],
  filter: (
    q: { group: string; resource: string },
    items: readonly OwnedObject[],
    ns: (item: OwnedObject) => string | undefined,
  ) => Promise<OwnedObject[]>,
): Promise<OwnedObject[]> {
  const byKind = new Map<string, OwnedObject[]>();
  for (const o of objects) {
    const key = `${o.group}/${o.resource}`;
    byKind.set(key, [...(byKind.get(key) ?? []), o]);
  }
  const kept = new Set<OwnedObject>();
  await Promise.all(
    [...byKind.values()].map(async (items) => {
      const first = items[0];
      if (first === undefined) return;
      const readable = await filter({ group: first.group, resource: first.resource }, items, (o) =>
        o.namespace === '' ? undefined : o.namespace,
      );
      for (const o of readable) kept.add(o);
    }),
  );
  return objects.filter((o) => kept.has(o));
}
