// Shared by the resources and story e2e specs: the sandbox's Kubernetes clients, unique names
// (the test sandbox is shared by several runs), designs installed through the studio's own API,
// clean-up that goes through the same uninstall path a user would take, and the offline check
// (no request may leave 127.0.0.1).
import fs from 'node:fs';
import path from 'node:path';
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import type { APIRequestContext, Page } from '@playwright/test';
import { contextToPathSegment } from '../../packages/shared/src/kube/context-name';
import { CLUSTER_HEADER } from '../../packages/shared/src/kube/cluster-href';

export const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
export const repo = path.resolve(import.meta.dirname, '../..');
export const docsScreenshots = path.join(repo, 'docs/screenshots');

export function kube() {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig ?? '');
  return { kc, core: kc.makeApiClient(CoreV1Api), objects: kc.makeApiClient(CustomObjectsApi) };
}

export const unique = (what: string) => `${what}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The Memcached example under another API group (`<group>.example.com`), optionally without its operand or with printer columns. */
export function memcachedDesign(group: string, opts: { operand?: boolean; columns?: boolean } = {}): string {
  let yaml = fs
    .readFileSync(path.join(repo, 'examples/memcached.design.yaml'), 'utf8')
    .replace(/^ {2}group: cache$/m, `  group: ${group}`);
  if (opts.operand === false) yaml = yaml.slice(0, yaml.indexOf('\noperand:') + 1);
  if (opts.columns === true) {
    const columns = [
      '    printerColumns:',
      '    - name: Size',
      '      type: integer',
      '      jsonPath: .spec.size',
      '    - name: Port',
      '      type: integer',
      '      jsonPath: .spec.containerPort',
    ].join('\n');
    yaml = yaml.replace(/^( {4}storage: true)$/m, `$1\n${columns}`);
  }
  return yaml;
}

/** The Web app example under a domain of its own: its YAML, API group and CRD name. */
export function webappDesign(prefix: string): { yaml: string; group: string; crdName: string } {
  const domain = `${unique(prefix)}.example.com`;
  const yaml = fs
    .readFileSync(path.join(repo, 'examples/webapp.design.yaml'), 'utf8')
    .replace('domain: example.com', `domain: ${domain}`);
  const group = `web.${domain}`;
  return { yaml, group, crdName: `webapps.${group}` };
}

/**
 * One tRPC call over HTTP as the page makes it (the e2e user's session), on the cluster named by
 * its context (CLUSTER_HEADER, docs/design/0035) or, without one, the default.
 */
export async function trpc<T>(
  request: APIRequestContext,
  procedure: string,
  input: unknown,
  cluster?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'x-opstudio-csrf': '1' };
  if (cluster !== undefined) headers[CLUSTER_HEADER] = contextToPathSegment(cluster);
  const res = await request.post(`/api/trpc/${procedure}`, { data: input, headers });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  if (!res.ok() || body.result === undefined) throw new Error(`${procedure}: ${body.error?.message ?? res.status()}`);
  return body.result.data;
}

/** Saves and installs a design through the studio's API (what "Install CRD" does), on `cluster` or the default; returns its ids. */
export async function installDesign(
  request: APIRequestContext,
  name: string,
  yaml: string,
  cluster?: string,
): Promise<{ designId: string; crdName: string }> {
  const saved = await trpc<{ id: string }>(request, 'designs.save', { name, yaml }, cluster);
  const installed = await trpc<{
    crdName: string;
    operation: { state: string; steps: { step: string; message: string }[] };
  }>(request, 'crds.install', { designId: saved.id }, cluster);
  if (installed.operation.state !== 'succeeded')
    throw new Error(`install failed: ${installed.operation.steps.at(-1)?.message ?? 'unknown'}`);
  return { designId: saved.id, crdName: installed.crdName };
}

/** Uninstalls (deleting its CRs first, finalizers included) and deletes the design; never throws. */
export async function removeDesign(request: APIRequestContext, designId: string): Promise<void> {
  await trpc(request, 'crds.uninstall', { designId, deleteResources: true }).catch((err: unknown) =>
    console.error(`clean-up: ${String(err)}`),
  );
  await trpc(request, 'designs.delete', { id: designId }).catch((err: unknown) =>
    console.error(`clean-up: ${String(err)}`),
  );
}

export async function withNamespace(name: string): Promise<() => Promise<void>> {
  const { core } = kube();
  await core.createNamespace({ body: { metadata: { name } } });
  return async () => {
    await core.deleteNamespace({ name }).catch(() => undefined);
  };
}

/** Creates a namespaced CR, retrying while the API server is still wiring up a CRD it just established (404). */
export async function createCr(
  ref: { group: string; version: string; plural: string; namespace: string },
  kind: string,
  name: string,
  spec: Record<string, unknown>,
): Promise<void> {
  const { objects } = kube();
  for (let attempt = 0; ; attempt++) {
    try {
      await objects.createNamespacedCustomObject({
        ...ref,
        body: { apiVersion: `${ref.group}/${ref.version}`, kind, metadata: { name }, spec },
      });
      return;
    } catch (err) {
      if (attempt >= 40 || (err as { code?: number }).code !== 404) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Collects every request the page makes to a host other than loopback (the app must work offline); the studio is on <random>.localhost. */
export function watchExternal(page: Page): string[] {
  const external: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (['data:', 'blob:'].includes(url.protocol)) return;
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !url.hostname.endsWith('.localhost'))
      external.push(r.url());
  });
  return external;
}

/** A Memcached design installed under a unique API group, with a unique namespace for its CRs. */
export interface InstalledMemcached {
  readonly group: string;
  readonly namespace: string;
  readonly designId: string;
  readonly crdName: string;
  readonly ref: { group: string; version: string; plural: string; namespace: string };
  /** Creates a Memcached in the namespace (retrying while the CRD is still being wired up). */
  readonly createCr: (name: string, spec: Record<string, unknown>) => Promise<void>;
  /** Uninstalls the design (its CRs first) and deletes the namespace; never throws. `via`: another
   * request context than the one it was installed with (the first one's browser context closed). */
  readonly remove: (via?: APIRequestContext) => Promise<void>;
}

/**
 * The preamble of the Memcached specs: group `e2e<prefix>…`, namespace `e2e-<prefix>-…`, the design
 * (named `<prefix> <group>`) saved and installed through the studio's API. For beforeAll/afterAll
 * pairs; `withMemcached` for one test. A failed install leaves nothing behind.
 */
export async function installMemcached(
  request: APIRequestContext,
  prefix: string,
  opts: { operand?: boolean; columns?: boolean } = {},
): Promise<InstalledMemcached> {
  const group = unique(`e2e${prefix}`);
  const namespace = unique(`e2e-${prefix}-`);
  const dropNamespace = await withNamespace(namespace);
  let installed: { designId: string; crdName: string };
  try {
    installed = await installDesign(request, `${prefix} ${group}`, memcachedDesign(group, opts));
  } catch (err) {
    await dropNamespace();
    throw err;
  }
  const ref = { group: `${group}.example.com`, version: 'v1alpha1', plural: 'memcacheds', namespace };
  return {
    group,
    namespace,
    ...installed,
    ref,
    createCr: (name, spec) => createCr(ref, 'Memcached', name, spec),
    remove: async (via = request) => {
      await removeDesign(via, installed.designId);
      await dropNamespace();
    },
  };
}

/** Runs `fn` with a freshly installed Memcached design (installMemcached), removed afterwards. */
export async function withMemcached<T>(
  request: APIRequestContext,
  prefix: string,
  fn: (m: InstalledMemcached) => Promise<T>,
): Promise<T> {
  const m = await installMemcached(request, prefix);
  try {
    return await fn(m);
  } finally {
    await m.remove();
  }
}
