// Shared by the resources integration tests: a throwaway CRD under a unique API group, and a
// reader that collects what a live subscription sends (through the real router).
import type { KubeConfig } from '@kubernetes/client-node';
import { register } from 'prom-client';
import { createCaller } from '../src/api/root';
import type { ApiContext } from '../src/api/context';
import { LOCAL_ADMIN } from '../src/auth';
import type { StudioUser } from '../src/auth';
import { KubeJson } from '../src/kube/json-client';
import type { LiveEvent } from '../src/live/events';
import { eventually } from './index';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** A "Widget" kind: spec.size 1..10 with a CEL rule, printer columns (one with a filter), status subresource. */
export function widgetCrd(group: string, scope: 'Namespaced' | 'Cluster' = 'Namespaced', plural = 'widgets') {
  const kind = plural === 'widgets' ? 'Widget' : 'Gadget';
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope,
      names: {
        kind,
        listKind: `${kind}List`,
        plural,
        singular: kind.toLowerCase(),
        shortNames: [`${kind.toLowerCase().slice(0, 2)}x`],
      },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
            { name: 'Available', type: 'string', jsonPath: '.status.conditions[?(@.type=="Available")].status' },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: { size: { type: 'integer', minimum: 1, maximum: 10 }, color: { type: 'string' } },
                  'x-kubernetes-validations': [
                    { rule: '!has(self.size) || self.size != 7', message: 'seven is unlucky' },
                  ],
                },
                status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      ],
    },
  };
}

export async function installCrd(kc: KubeConfig, crd: { metadata: { name: string } }): Promise<void> {
  const http = new KubeJson(kc);
  await http.request({ method: 'POST', path: CRDS, body: crd });
  await eventually(`CRD ${crd.metadata.name} Established`, 30_000, async () => {
    const c = await http.request<{ status?: { conditions?: { type: string; status: string }[] } }>({
      method: 'GET',
      path: `${CRDS}/${crd.metadata.name}`,
    });
    return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') === true
      ? true
      : undefined;
  });
}

export async function deleteCrd(kc: KubeConfig, name: string): Promise<void> {
  await new KubeJson(kc).request({ method: 'DELETE', path: `${CRDS}/${name}` }).catch(() => undefined);
}

/** The Widget kind under `group` and a namespace `ns` for its objects (a test's `before`). */
export async function installWidgets(kc: KubeConfig, group: string, ns: string): Promise<void> {
  await new KubeJson(kc).request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
  await installCrd(kc, widgetCrd(group));
}

/** Undoes installWidgets (a test's `after`); never throws. */
export async function removeWidgets(kc: KubeConfig, group: string, ns: string): Promise<void> {
  await deleteCrd(kc, `widgets.${group}`);
  await new KubeJson(kc).request({ method: 'DELETE', path: `/api/v1/namespaces/${ns}` }).catch(() => undefined);
}

export interface Listener {
  readonly events: { id: string; event: LiveEvent }[];
  close(): Promise<void>;
}

/** Subscribes through the router (no HTTP) and collects events until `close()`, as `user` (the local admin if not given). */
export async function listen(
  services: ApiContext,
  topics: string[],
  lastEventId?: string,
  user: StudioUser = LOCAL_ADMIN,
): Promise<Listener> {
  const stop = new AbortController();
  const iterable = await createCaller({ ...services, user }, { signal: stop.signal }).live.subscribe({
    topics,
    ...(lastEventId !== undefined ? { lastEventId } : {}),
  });
  const events: { id: string; event: LiveEvent }[] = [];
  const reading = (async () => {
    for await (const value of iterable) {
      const [id, event] = value as unknown as [string, LiveEvent];
      events.push({ id, event });
    }
  })().catch((err: unknown) => {
    if (!stop.signal.aborted) throw err;
  });
  return {
    events,
    close: async () => {
      stop.abort();
      await reading;
    },
  };
}

/** The `opstudio_resource_watches` gauge: kinds with an informer running for live tables (this process, all clusters). */
export async function kindWatchCount(): Promise<number> {
  const metric = await register.getSingleMetric('opstudio_resource_watches')?.get();
  return metric === undefined ? -1 : metric.values.reduce((n, v) => n + v.value, 0); // one series per cluster
}
