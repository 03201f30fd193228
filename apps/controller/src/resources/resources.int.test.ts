// The resources API end to end against the sandbox: kinds, create/get/list/patch (merge and
// server-side apply)/delete of namespaced and cluster-scoped kinds, the API server's validation
// errors with their field paths, names refused before any request, and the live topics
// (`kinds`, `resources:…`, `owned:<uid>`) as a page's subscription sees them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import type { TRPCError } from '@trpc/server';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { deleteCrd, installCrd, kindWatchCount as watches, listen, widgetCrd } from '../../testing/resources';
import type { ResourceRow } from './types';

const suffix = randomUUID().slice(0, 8);
const group = `it-${suffix}.opstudio.dev`;
const ns = `res-it-${suffix}`;
const ref = { group, version: 'v1', plural: 'widgets', namespace: ns };
type Err = TRPCError & { data?: unknown };

const rowsOf = (events: { event: LiveEvent }[], topic: string) => events.filter((e) => e.event.topic === topic);

describe('resources API and live topics against the sandbox', { skip: skipWithoutCluster, timeout: 180_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);
  const api = () => createCaller({ ...running.services, user: LOCAL_ADMIN }).resources;

  before(async () => {
    const { kc } = conn();
    await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
    await installCrd(kc, widgetCrd(group));
    await installCrd(kc, widgetCrd(group, 'Cluster', 'gadgets'));
    running = await startServices(conn(), migratedTempDb(), {
      lease: { namespace: ns, name: 'opstudio-it' },
      watchLingerMs: 300,
    });
  });

  after(async () => {
    await running?.stop();
    const { kc } = conn();
    await deleteCrd(kc, `widgets.${group}`);
    await deleteCrd(kc, `gadgets.${group}`);
    await kc
      .makeApiClient(CoreV1Api)
      .deleteNamespace({ name: ns })
      .catch(() => undefined);
  });

  test('kinds lists the CRD with its shown version, printer columns and raw schema', async () => {
    const kinds = await api().kinds();
    const w = kinds.find((k) => k.name === `widgets.${group}`);
    assert.ok(w, 'the test CRD is listed');
    assert.equal(w.kind, 'Widget');
    assert.equal(w.scope, 'Namespaced');
    assert.equal(w.version, 'v1');
    assert.equal(w.established, true);
    assert.equal(w.designId, null, 'not installed by the studio');
    assert.deepEqual(
      w.printerColumns.map((c) => c.name),
      ['Size', 'Available', 'Age'],
    );
    assert.deepEqual(w.subresources, { status: true, scale: false });
    assert.equal(
      w.schema?.properties?.spec?.['x-kubernetes-validations']?.[0]?.message,
      'seven is unlucky',
      'x-kubernetes-* keys arrive as the API sends them',
    );
    assert.deepEqual(
      kinds.map((k) => k.name),
      [...kinds.map((k) => k.name)].sort(),
    );
    assert.equal(kinds.find((k) => k.name === `gadgets.${group}`)?.scope, 'Cluster');
  });

  test('create (object and YAML text), get, list with printer cells, merge patch, server-side apply', async () => {
    const created = await api().create({ ...ref, body: { metadata: { name: 'one' }, spec: { size: 2 } } });
    assert.equal(created.apiVersion, `${group}/v1`, 'apiVersion filled in');
    assert.equal(created.metadata.namespace, ns);
    assert.equal((created.metadata as { managedFields?: unknown }).managedFields, undefined, 'managedFields stripped');
    await api().create({ ...ref, body: `metadata:\n  name: two\nspec:\n  size: 4\n  color: red\n` });

    const two = await api().get({ ...ref, name: 'two' });
    assert.deepEqual(two.spec, { size: 4, color: 'red' });

    const list = await api().list(ref);
    assert.deepEqual(
      list.items.map((r) => [r.name, r.columns[0], r.columns[1]]),
      [
        ['one', 2, null],
        ['two', 4, null],
      ],
    );
    assert.match(String(list.items[0]?.columns[2]), /^\d{4}-\d\d-\d\dT/, 'the date column is an ISO time');

    const merged = await api().patch({ ...ref, name: 'one', strategy: 'merge', patch: { spec: { size: 5 } } });
    assert.equal(merged.spec?.size, 5);
    assert.ok(Number(merged.metadata.resourceVersion) > Number(created.metadata.resourceVersion));

    // the studio's own earlier create (an Update by operator-studio) does not block its apply
    const applied = await api().patch({
      ...ref,
      name: 'two',
      strategy: 'apply',
      patch: 'spec:\n  size: 6\n  color: red\n',
    });
    assert.equal(applied.spec?.size, 6);
    const managers = await new KubeJson(conn().kc).request<{
      metadata: { managedFields: { manager: string; operation: string }[] };
    }>({ method: 'GET', path: `/apis/${group}/v1/namespaces/${ns}/widgets/two` });
    assert.ok(
      managers.metadata.managedFields.some((f) => f.manager === 'operator-studio' && f.operation === 'Apply'),
      'applied as field manager operator-studio',
    );

    // status through the status subresource shows in the printer column with the filter
    await new KubeJson(conn().kc).request({
      method: 'PATCH',
      path: `/apis/${group}/v1/namespaces/${ns}/widgets/one/status`,
      contentType: 'application/merge-patch+json',
      body: {
        status: {
          conditions: [
            {
              type: 'Available',
              status: 'True',
              reason: 'Ready',
              message: 'ok',
              lastTransitionTime: new Date().toISOString(),
            },
          ],
        },
      },
    });
    // written past the studio: its cache (what list answers from) has it a moment later
    const after = await eventually('the status in the list', 10_000, async () => {
      const list = await api().list(ref);
      return list.items.find((r) => r.name === 'one')?.columns[1] === 'True' ? list : undefined;
    });
    assert.deepEqual(
      after.items.find((r) => r.name === 'one')?.conditions.map((c) => `${c.type}=${c.status}`),
      ['Available=True'],
    );
  });

  test('an apply conflict names the other manager and force takes the field over', async () => {
    await api().create({ ...ref, body: { metadata: { name: 'contested' }, spec: { size: 1 } } });
    await new KubeJson(conn().kc).request({
      method: 'PATCH',
      path: `/apis/${group}/v1/namespaces/${ns}/widgets/contested`,
      query: { fieldManager: 'someone-else' },
      contentType: 'application/merge-patch+json',
      body: { spec: { size: 3 } },
    });
    await assert.rejects(
      api().patch({ ...ref, name: 'contested', strategy: 'apply', patch: { spec: { size: 8 } } }),
      (e: Err) => {
        assert.equal(e.code, 'CONFLICT');
        assert.match(e.message, /conflict with "someone-else".*\.spec\.size.*pass force: true/s);
        return true;
      },
    );
    const forced = await api().patch({
      ...ref,
      name: 'contested',
      strategy: 'apply',
      patch: { spec: { size: 8 } },
      force: true,
    });
    assert.equal(forced.spec?.size, 8);
    // a stale resourceVersion in a merge patch is a conflict too, with the reload advice
    await assert.rejects(
      api().patch({
        ...ref,
        name: 'contested',
        strategy: 'merge',
        patch: { metadata: { resourceVersion: '1' }, spec: { size: 2 } },
      }),
      (e: Err) => e.code === 'CONFLICT' && /reload and try again/.test(e.message),
    );
    await assert.rejects(
      api().create({ ...ref, body: { metadata: { name: 'contested' } } }),
      (e: Err) => e.code === 'CONFLICT' && /already exists/.test(e.message),
    );
  });

  test("the API server's validation errors come back with their field paths", async () => {
    await assert.rejects(
      api().patch({ ...ref, name: 'one', strategy: 'merge', patch: { spec: { size: 0 } } }),
      (e: Err) => {
        assert.equal(e.code, 'UNPROCESSABLE_CONTENT');
        const causes = (createCallerShape(e).causes ?? []) as { field: string; message: string }[];
        assert.ok(
          causes.some((c) => c.field === 'spec.size' && /greater than or equal to 1/.test(c.message)),
          JSON.stringify(causes),
        );
        return true;
      },
    );
    await assert.rejects(
      api().create({ ...ref, body: { metadata: { name: 'unlucky' }, spec: { size: 7 } } }),
      (e: Err) => e.code === 'UNPROCESSABLE_CONTENT' && /seven is unlucky/.test(e.message),
    );
  });

  test('bad names and bodies are refused before any request, with a message that says what to do', async () => {
    const refused = async (call: Promise<unknown>, pattern: RegExp) =>
      assert.rejects(call, (e: Err) => {
        assert.equal(e.code, 'BAD_REQUEST');
        assert.match(e.message, pattern);
        return true;
      });
    // zod input errors (no request: the procedure body never ran)
    await refused(api().get({ ...ref, name: '../../api/v1/secrets' }), /object name must be lowercase/);
    await refused(api().get({ ...ref, name: 'UPPER' }), /object name must be lowercase/);
    await refused(api().list({ ...ref, group: 'bad/group' }), /API group must be lowercase/);
    await refused(api().list({ ...ref, namespace: 'a.b' }), /namespace must be lowercase/);
    await refused(
      api().patch({ ...ref, name: 'one', strategy: 'strategic' as 'merge', patch: {} }),
      /strategy is 'merge'/,
    );
    // checks the service makes against the kind before building a URL
    await refused(api().get({ ...ref, namespace: undefined, name: 'one' }), /Widget is namespaced: pass namespace/);
    await refused(
      api().get({ group, version: 'v1', plural: 'gadgets', namespace: ns, name: 'g' }),
      /Gadget is cluster-scoped: leave out namespace/,
    );
    await refused(api().create({ ...ref, body: 'spec: [unclosed' }), /body is not valid YAML \(line 1/);
    await refused(
      api().create({ ...ref, body: { apiVersion: 'other.io/v1', metadata: { name: 'x' } } }),
      /apiVersion is "other.io\/v1"/,
    );
    // a merge patch that blanks apiVersion got a 500 from the API server (found by fuzz.int.test.ts)
    await refused(
      api().patch({ ...ref, name: 'one', strategy: 'merge', patch: { apiVersion: '' } }),
      /apiVersion is ""/,
    );
    await refused(api().patch({ ...ref, name: 'one', strategy: 'merge', patch: { kind: 'Other' } }), /kind is "Other"/);
    await refused(api().create({ ...ref, body: { spec: { size: 1 } } }), /needs metadata.name/);
    await assert.rejects(
      api().list({ ...ref, plural: 'nothings' }),
      (e: Err) => e.code === 'NOT_FOUND' && /install its CRD first/.test(e.message),
    );
  });

  test('cluster-scoped kinds: create, list, delete without a namespace', async () => {
    const gadgets = { group, version: 'v1', plural: 'gadgets' };
    const g = await api().create({ ...gadgets, body: { metadata: { name: `g-${suffix}` }, spec: { size: 1 } } });
    assert.equal(g.metadata.namespace, undefined);
    const list = await api().list(gadgets);
    assert.deepEqual(
      list.items.map((r) => [r.name, r.namespace]),
      [[`g-${suffix}`, null]],
    );
    assert.equal((await api().delete({ ...gadgets, name: `g-${suffix}` })).status, 'deleted');
    assert.deepEqual((await api().list(gadgets)).items, []);
  });

  test('delete reports finalizing while a finalizer holds the object, deleted once gone', async () => {
    await api().create({
      ...ref,
      body: { metadata: { name: 'held', finalizers: ['it.opstudio.dev/hold'] }, spec: { size: 1 } },
    });
    const first = await api().delete({ ...ref, name: 'held' });
    assert.equal(first.status, 'finalizing');
    assert.ok(first.object?.metadata.deletionTimestamp);
    await api().patch({ ...ref, name: 'held', strategy: 'merge', patch: { metadata: { finalizers: null } } });
    await assert.rejects(api().get({ ...ref, name: 'held' }), (e: Err) => e.code === 'NOT_FOUND');
    await assert.rejects(api().delete({ ...ref, name: 'held' }), (e: Err) => e.code === 'NOT_FOUND');
  });

  test('resources topic: a snapshot of rows, then added, modified and deleted objects', async () => {
    const topic = `resources:${group}/v1/widgets/${ns}`;
    const live = await listen(running.services, [topic]);
    try {
      const snap = await eventually('the snapshot', 10_000, () =>
        rowsOf(live.events, topic).find((e) => e.event.type === 'snapshot'),
      );
      assert.ok(snap.event.type === 'snapshot' && 'items' in snap.event);
      assert.ok((snap.event.items as readonly { name: string }[]).some((r) => r.name === 'one'));

      await api().create({ ...ref, body: { metadata: { name: 'live' }, spec: { size: 3 } } });
      const added = await eventually('the added row', 10_000, () =>
        rowsOf(live.events, topic).find(
          (e) => e.event.type === 'upsert' && 'item' in e.event && e.event.item.name === 'live',
        ),
      );
      assert.ok(added.event.type === 'upsert' && 'columns' in added.event.item);
      assert.equal(added.event.item.columns[0], 3);

      await api().patch({ ...ref, name: 'live', strategy: 'merge', patch: { spec: { size: 9 } } });
      await eventually('the modified row', 10_000, () =>
        rowsOf(live.events, topic).find(
          (e) =>
            e.event.type === 'upsert' &&
            'item' in e.event &&
            'columns' in e.event.item &&
            e.event.item.name === 'live' &&
            e.event.item.columns[0] === 9,
        ),
      );

      await api().delete({ ...ref, name: 'live' });
      await eventually('the deleted row', 10_000, () =>
        rowsOf(live.events, topic).find(
          (e) => e.event.type === 'delete' && 'item' in e.event && e.event.item.name === 'live',
        ),
      );
      assert.ok(
        live.events.every((e) => e.event.topic === topic),
        'only the asked topic',
      );
    } finally {
      await live.close();
    }
  });

  test('a resumed resources subscription whose watch was stopped meanwhile gets a fresh snapshot, not a gap', async () => {
    const topic = `resources:${group}/v1/widgets`;
    // resources.list reads through the kind watches too: let those of earlier tests linger out first
    await eventually('no kind watch left from earlier tests', 5_000, async () =>
      (await watches()) === 0 ? true : undefined,
    );
    const first = await listen(running.services, [topic]);
    const snap = await eventually('the snapshot', 10_000, () => first.events.find((e) => e.event.type === 'snapshot'));
    assert.equal(await watches(), 1, 'one informer for the kind while subscribed');
    await first.close();
    // watchLingerMs later the informer stops
    await eventually('the informer to stop', 5_000, async () => ((await watches()) === 0 ? true : undefined));
    await api().create({ ...ref, body: { metadata: { name: 'while-away' }, spec: { size: 1 } } });
    const resumed = await listen(running.services, [topic], snap.id);
    try {
      const fresh = await eventually('a snapshot with the object created while away', 10_000, () =>
        resumed.events.find(
          (e) =>
            e.event.type === 'snapshot' &&
            'items' in e.event &&
            (e.event.items as readonly { name: string }[]).some((r) => r.name === 'while-away'),
        ),
      );
      assert.ok(fresh);
    } finally {
      await resumed.close();
    }
  });

  test('a printer column added to the CRD resends the table with the new cells', async () => {
    const topic = `resources:${group}/v1/widgets`;
    const live = await listen(running.services, [topic, 'kinds']);
    try {
      await eventually('the snapshot', 10_000, () =>
        live.events.find((e) => e.event.topic === topic && e.event.type === 'snapshot'),
      );
      const crd = widgetCrd(group);
      const version = crd.spec.versions[0];
      assert.ok(version);
      const columns = [...version.additionalPrinterColumns, { name: 'Color', type: 'string', jsonPath: '.spec.color' }];
      await new KubeJson(conn().kc).request({
        method: 'PATCH',
        path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.${group}`,
        contentType: 'application/json-patch+json',
        body: [{ op: 'replace', path: '/spec/versions/0/additionalPrinterColumns', value: columns }],
      });
      const resent = await eventually('a snapshot with a Color cell', 15_000, () =>
        live.events.find(
          (e) =>
            e.event.topic === topic &&
            e.event.type === 'snapshot' &&
            'items' in e.event &&
            (e.event.items as readonly ResourceRow[]).some((r) => r.name === 'two' && r.columns[3] === 'red'),
        ),
      );
      assert.ok(resent);
      const kind = live.events.findLast(
        (e) =>
          e.event.topic === 'kinds' &&
          e.event.type === 'upsert' &&
          'item' in e.event &&
          e.event.item.name === `widgets.${group}`,
      );
      assert.deepEqual(
        kind?.event.type === 'upsert' && 'printerColumns' in kind.event.item
          ? kind.event.item.printerColumns.map((c) => c.name)
          : [],
        ['Size', 'Available', 'Age', 'Color'],
      );
    } finally {
      await live.close();
    }
  });

  test('kinds topic: a CRD installed and removed shows up and goes', async () => {
    const live = await listen(running.services, ['kinds']);
    const other = `other-${suffix}.opstudio.dev`;
    try {
      await eventually('the kinds snapshot', 10_000, () => live.events.find((e) => e.event.type === 'snapshot'));
      await installCrd(conn().kc, widgetCrd(other));
      const up = await eventually('the new kind', 20_000, () =>
        live.events.find(
          (e) => e.event.type === 'upsert' && 'item' in e.event && e.event.item.name === `widgets.${other}`,
        ),
      );
      assert.ok(up.event.type === 'upsert' && 'established' in up.event.item);
      await deleteCrd(conn().kc, `widgets.${other}`);
      await eventually('the kind to go', 30_000, () =>
        live.events.find(
          (e) => e.event.type === 'delete' && 'item' in e.event && e.event.item.name === `widgets.${other}`,
        ),
      );
    } finally {
      await live.close();
      await deleteCrd(conn().kc, `widgets.${other}`);
    }
  });

  test('owned topic: the Deployment a CR controls and its Pods, live', async () => {
    const cr = await api().create({ ...ref, body: { metadata: { name: 'owner' }, spec: { size: 2 } } });
    const topic = `owned:${cr.metadata.uid}`;
    const live = await listen(running.services, [topic]);
    const apps = conn().kc.makeApiClient(AppsV1Api);
    try {
      const empty = await eventually('the empty snapshot', 10_000, () =>
        live.events.find((e) => e.event.type === 'snapshot'),
      );
      assert.ok(empty.event.topic === topic && 'pods' in empty.event && empty.event.pods.length === 0);
      const labels = {
        'app.kubernetes.io/managed-by': 'WidgetController',
        'app.kubernetes.io/instance': `owner-${suffix}`,
      };
      await apps.createNamespacedDeployment({
        namespace: ns,
        body: {
          metadata: {
            name: 'owner',
            labels,
            ownerReferences: [
              { apiVersion: `${group}/v1`, kind: 'Widget', name: 'owner', uid: cr.metadata.uid, controller: true },
            ],
          },
          spec: {
            replicas: 2,
            selector: { matchLabels: labels },
            template: {
              metadata: { labels },
              spec: { containers: [{ name: 'c', image: 'example.invalid/widget:1' }] },
            },
          },
        },
      });
      const ready = await eventually('2 Running, ready pods and 2/2 ready replicas', 60_000, () => {
        const last = [...live.events].reverse().find((e) => e.event.topic === topic);
        const ev = last?.event;
        if (ev === undefined || !('pods' in ev)) return undefined;
        const d = ev.workloads[0];
        return d !== undefined &&
          d.replicas.ready === 2 &&
          ev.pods.length === 2 &&
          ev.pods.every((p) => p.phase === 'Running' && p.ready && p.node !== null)
          ? ev
          : undefined;
      });
      assert.equal(ready.workloads[0]?.replicas.desired, 2);
      assert.ok(ready.pods.every((p) => p.workload === 'owner'));

      await new KubeJson(conn().kc).request({
        method: 'PATCH',
        path: `/apis/apps/v1/namespaces/${ns}/deployments/owner`,
        contentType: 'application/merge-patch+json',
        body: { spec: { replicas: 1 } },
      });
      await eventually('scaled down to 1 pod', 60_000, () => {
        const last = [...live.events].reverse().find((e) => e.event.topic === topic);
        return last !== undefined &&
          'pods' in last.event &&
          last.event.pods.filter((p) => p.deletionTimestamp === null).length === 1 &&
          last.event.workloads[0]?.replicas.desired === 1
          ? true
          : undefined;
      });
    } finally {
      await live.close();
    }
  });
});

/** The error formatter copies the API server's causes into `data.causes`; createCaller errors carry the cause instead. */
function createCallerShape(e: Err): { causes?: unknown[] } {
  const cause = e.cause as { status?: { details?: { causes?: unknown[] } } } | undefined;
  return { causes: cause?.status?.details?.causes };
}
