// Issue 27 against the real sandbox: a child name from the custom resource that its kind cannot
// have is refused before the write (Degraded, nothing created), and a cluster-scoped child is
// created without a namespace (owned by the owner label: docs/design/0039) and is not re-applied
// as drift on later reconciles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from '@opstudio/shared/operand/index';
import type { ChildResource } from '@opstudio/shared/graph/model';
import { OWNER_UID_LABEL } from '@opstudio/shared/graph/ownership';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';

interface Obj {
  metadata: {
    name: string;
    uid: string;
    namespace?: string;
    resourceVersion?: string;
    generation?: number;
    labels?: Record<string, string>;
    ownerReferences?: { uid: string }[];
  };
  status?: { conditions?: Condition[]; observedGeneration?: number };
}

const CLUSTER_ROLES = '/apis/rbac.authorization.k8s.io/v1/clusterroles';
const cond = (o: Obj | undefined, type: string) => o?.status?.conditions?.find((c) => c.type === type);

test(
  'a Service named from the spec is checked before the write; a ClusterRole child has no namespace and no drift',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const f = await DesignFixture.open('graph-names-it', t, {
      cleanup: (f) => f.kube.request({ method: 'DELETE', path: `${CLUSTER_ROLES}/${f.ns}-site-reader` }),
    });
    const roleName = `${f.ns}-site-reader`;
    const kind = await f.install(
      exampleDesign('webapp.design.yaml', f.suffix, (d) => ({
        ...d,
        crd: { ...d.crd, group: `names-${f.suffix}` },
        operand: {
          resources: [
            {
              id: 'reader',
              template: {
                apiVersion: 'rbac.authorization.k8s.io/v1',
                kind: 'ClusterRole',
                metadata: { name: "${self.metadata.namespace + '-' + self.metadata.name + '-reader'}" },
                // only what the design's identity holds itself (it writes Services): Kubernetes'
                // escalation check refuses a role that grants more (docs/design/0037)
                rules: [{ apiGroups: [''], resources: ['services'], verbs: ['get'] }],
              },
            },
            {
              id: 'svc',
              template: {
                apiVersion: 'v1',
                kind: 'Service',
                metadata: { name: '${self.spec.greeting}' },
                spec: { ports: [{ port: 80 }] },
              },
            },
          ] as ChildResource[],
        },
      })),
    );
    f.startManager('graph-names-lease');
    await f.create(kind, 'site', { greeting: 'Bad.Name' });

    const degraded = await eventually('Degraded naming the Service child', 60_000, async () => {
      const o = await f.get<Obj>(kind, 'site');
      const c = cond(o, 'Degraded');
      return c?.status === 'True' ? { o: o!, c } : undefined;
    });
    assert.match(
      degraded.c.message,
      /resources\[1\]\.template\.metadata\.name: child svc: metadata\.name "Bad\.Name" is not a valid Service name: /,
    );
    const services = await f.kube.request<{ items: unknown[] }>({
      method: 'GET',
      path: `/api/v1/namespaces/${f.ns}/services`,
    });
    assert.deepEqual(services.items, [], 'nothing written for the refused child');

    const role = await eventually('the ClusterRole child', 60_000, () =>
      f.kube.request<Obj>({ method: 'GET', path: `${CLUSTER_ROLES}/${roleName}` }).catch(() => undefined),
    );
    assert.equal(role.metadata.namespace, undefined);
    // a namespaced owner cannot be referenced from a cluster-scoped child: the owner label instead (docs/design/0039)
    assert.equal(role.metadata.ownerReferences, undefined);
    assert.equal(role.metadata.labels?.[OWNER_UID_LABEL], degraded.o.metadata.uid);

    // a spec edit reconciles again: the ClusterRole is as planned, so it is not written again
    await f.patchSpec(kind, 'site', { greeting: 'good-name', replicas: 2 });
    await eventually('the Service once its name is valid, Degraded cleared', 60_000, async () => {
      const o = await f.get<Obj>(kind, 'site');
      const svc = await f.object<Obj>('/api/v1/services', 'good-name');
      return svc !== undefined && cond(o, 'Degraded')?.status === 'False' ? true : undefined;
    });
    // the Service's Created event comes from the reconcile that would have re-applied the ClusterRole
    const notes = await eventually('the Service created event', 30_000, async () => {
      const events = await f.kube.request<{ items: { note?: string }[] }>({
        method: 'GET',
        path: `/apis/events.k8s.io/v1/namespaces/${f.ns}/events`,
      });
      const all = events.items.map((e) => e.note ?? '');
      return all.some((n) => n.startsWith('Created Service good-name')) ? all : undefined;
    });
    assert.ok(notes.includes(`Created ClusterRole ${roleName}`), notes.join('\n'));
    assert.deepEqual(
      notes.filter((n) => n.startsWith('Updated ClusterRole')),
      [],
      'a namespace the server dropped is no drift',
    );
  },
);
