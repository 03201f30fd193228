// The shared cache's bookkeeping with fake informers (no cluster): one informer per
// (path, selector), reference counts, linger, handlers removed with their lease, the owner index
// fed from the informer's events, and no timer left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesObject } from '@kubernetes/client-node';
import { register } from 'prom-client';
import type { InformerState } from './informer';
import { InformerCache } from './informer-cache';
import type { InformerLike, Verb } from './informer-lease';
import { DEPLOYMENTS, PODS, type ResourceSpec } from './resource-spec';
import { trackTimers } from '../../testing/timers';

class FakeInformer implements InformerLike<KubernetesObject> {
  readonly objects = new Map<string, KubernetesObject>();
  private readonly handlers: Record<Verb, ((o: KubernetesObject) => void)[]> = { add: [], update: [], delete: [] };
  private readonly listeners = new Set<(s: InformerState) => void>();
  state: InformerState = 'stopped';
  synced = false;
  lastError: string | undefined = undefined;
  kicks = 0;

  constructor(readonly path: string) {}

  start(signal: AbortSignal): Promise<void> {
    this.setState('watching');
    this.synced = true;
    signal.addEventListener('abort', () => this.setState('stopped'), { once: true });
    return Promise.resolve();
  }
  on(verb: Verb, cb: (o: KubernetesObject) => void): void {
    this.handlers[verb].push(cb);
  }
  onState(cb: (s: InformerState) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
  list(): readonly KubernetesObject[] {
    return [...this.objects.values()];
  }
  get(name: string, namespace?: string): KubernetesObject | undefined {
    return this.objects.get(`${namespace ?? ''}/${name}`);
  }
  waitForSync(): Promise<boolean> {
    return Promise.resolve(this.synced);
  }
  kick(): void {
    this.kicks++;
  }
  emit(verb: Verb, o: KubernetesObject): void {
    const key = `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
    if (verb === 'delete') this.objects.delete(key);
    else this.objects.set(key, o);
    for (const h of this.handlers[verb]) h(o);
  }
  setState(s: InformerState): void {
    this.state = s;
    for (const l of this.listeners) l(s);
  }
}

function fakeCache() {
  const made: FakeInformer[] = [];
  const cache = new InformerCache({
    createInformer: (_spec: ResourceSpec, path: string) => {
      const f = new FakeInformer(path);
      made.push(f);
      return f;
    },
  });
  return { cache, made };
}

const pod = (uid: string, name: string, owner?: string): KubernetesObject => ({
  metadata: {
    uid,
    name,
    namespace: 'ns',
    ...(owner !== undefined
      ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner, uid: owner, controller: true }] }
      : {}),
  },
});

test('two acquires of one spec share one informer; other selectors and kinds get their own', async () => {
  const { cache, made } = fakeCache();
  const a = cache.acquire(DEPLOYMENTS);
  const b = cache.acquire({ group: 'apps', version: 'v1', resource: 'deployments' });
  const pods = cache.acquire({ ...PODS, labelSelector: 'app.kubernetes.io/managed-by' });
  const allPods = cache.acquire({ group: '', version: 'v1', resource: 'pods' });
  assert.deepEqual(
    made.map((f) => f.path),
    ['/apis/apps/v1/deployments', '/api/v1/pods', '/api/v1/pods'],
  );
  assert.deepEqual(
    cache.stats().map((s) => [s.key, s.leases]),
    [
      ['/api/v1/pods', 1],
      ['/api/v1/pods?labelSelector=app.kubernetes.io/managed-by', 1],
      ['/apis/apps/v1/deployments', 2],
    ],
  );
  const gauge = async () => (await register.getSingleMetric('opstudio_informer_leases')?.get())?.values ?? [];
  assert.deepEqual(
    (await gauge()).find((v) => v.labels.informer === '/apis/apps/v1/deployments')?.value,
    2,
    'the /metrics gauge',
  );
  for (const l of [a, b, pods, allPods]) l.release();
  assert.deepEqual(cache.stats(), []);
  assert.deepEqual(await gauge(), []);
  cache.stop();
});

test('the informer stops with the last release, not before; release is idempotent', () => {
  const { cache, made } = fakeCache();
  const a = cache.acquire(DEPLOYMENTS);
  const b = cache.acquire(DEPLOYMENTS);
  a.release();
  a.release(); // a second release must not count twice
  assert.equal(made[0]?.state, 'watching');
  assert.equal(cache.stats()[0]?.leases, 1);
  b.release();
  assert.equal(made[0]?.state, 'stopped');
  assert.deepEqual(cache.stats(), []);
  // a new acquire starts a new informer
  const c = cache.acquire(DEPLOYMENTS);
  assert.equal(made.length, 2);
  assert.equal(made[1]?.state, 'watching');
  c.release();
  cache.stop();
});

test('a lingering informer is reused by an acquire within the linger time, and stops after it', async (t) => {
  const timers = trackTimers();
  t.after(() => timers.restore());
  const { cache, made } = fakeCache();
  cache.acquire(DEPLOYMENTS, { lingerMs: 60 }).release();
  assert.deepEqual(
    cache.stats().map((s) => [s.leases, s.lingering]),
    [[0, true]],
  );
  assert.equal(timers.pending().length, 1, 'the linger timer');
  const again = cache.acquire(DEPLOYMENTS, { lingerMs: 60 });
  assert.equal(made.length, 1, 'the same informer');
  assert.deepEqual(timers.pending(), [], 'the linger timer was cleared');
  again.release();
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(made[0]?.state, 'stopped');
  assert.deepEqual(cache.stats(), []);
  assert.deepEqual(timers.pending(), [], 'no timer left');
  cache.stop();
});

test('handlers run after the index is updated, join with a replay of the cache, and go with their lease', () => {
  const { cache, made } = fakeCache();
  const first = cache.acquire(PODS);
  const informer = made[0];
  assert.ok(informer);
  informer.emit('add', pod('p1', 'a', 'rs'));
  const seen: string[] = [];
  const second = cache.acquire(PODS);
  second.on('add', (o) => seen.push(`add ${o.metadata?.name} owned=${second.byController('rs').length}`));
  assert.deepEqual(seen, ['add a owned=1'], 'the object already cached is replayed');
  second.on('update', (o) => seen.push(`update ${o.metadata?.name}`));
  const off = second.on('delete', (o) =>
    seen.push(`delete ${o.metadata?.name} owned=${second.byController('rs').length}`),
  );
  informer.emit('add', pod('p2', 'b', 'rs'));
  informer.emit('update', pod('p2', 'b', 'rs'));
  informer.emit('delete', pod('p1', 'a', 'rs'));
  assert.deepEqual(seen, ['add a owned=1', 'add b owned=2', 'update b', 'delete a owned=1']);
  off();
  informer.emit('delete', pod('p2', 'b', 'rs'));
  assert.equal(seen.length, 4, 'unsubscribed');
  second.on('update', (o) => seen.push(`late ${o.metadata?.name}`));
  second.release();
  informer.emit('add', pod('p3', 'c'));
  informer.emit('update', pod('p3', 'c'));
  assert.equal(seen.length, 4, 'a released lease gets nothing');
  assert.equal(first.get('c', 'ns')?.metadata?.uid, 'p3', 'the other lease still reads');
  assert.equal(first.byUid('p3')?.metadata?.name, 'c');
  first.release();
  cache.stop();
});

test('state listeners go with their lease; a failing handler does not stop the others', () => {
  const logs: string[] = [];
  const made: FakeInformer[] = [];
  const cache = new InformerCache({
    createInformer: (_s, path) => {
      const f = new FakeInformer(path);
      made.push(f);
      return f;
    },
    log: (m) => logs.push(m),
  });
  const a = cache.acquire(DEPLOYMENTS);
  const b = cache.acquire(DEPLOYMENTS);
  const states: string[] = [];
  a.onState((s) => states.push(`a ${s}`));
  b.onState((s) => states.push(`b ${s}`));
  a.on('add', () => {
    throw new Error('boom');
  });
  const got: string[] = [];
  b.on('add', (o) => got.push(o.metadata?.name ?? ''));
  made[0]?.emit('add', pod('d', 'dep'));
  assert.deepEqual(got, ['dep']);
  assert.match(logs[0] ?? '', /add handler failed: boom/);
  a.release();
  made[0]?.setState('retrying');
  assert.deepEqual(states, ['b retrying'], 'only the lease still held hears the informer');
  b.kick();
  assert.equal(made[0]?.kicks, 1);
  b.release();
  assert.deepEqual(states, ['b retrying'], 'nor does it once released (the stop comes after)');
  assert.equal(made[0]?.state, 'stopped');
  cache.stop();
});

test('stop() ends every informer; a lease taken after it reads empty and starts nothing', (t) => {
  const timers = trackTimers();
  t.after(() => timers.restore());
  const { cache, made } = fakeCache();
  cache.acquire(DEPLOYMENTS, { lingerMs: 10_000 }).release();
  const held = cache.acquire(PODS);
  assert.equal(timers.pending().length, 1);
  cache.stop();
  assert.ok(made.every((f) => f.state === 'stopped'));
  assert.deepEqual(cache.stats(), []);
  assert.deepEqual(timers.pending(), [], 'the linger timer was cleared');
  const late = cache.acquire(DEPLOYMENTS);
  assert.equal(made[2]?.state, 'stopped', 'never started');
  assert.deepEqual(late.list(), []);
  late.release();
  held.release();
  assert.throws(() => cache.acquire({ group: 'Bad', version: 'v1', resource: 'x/../y' }), /not a resource/);
});
