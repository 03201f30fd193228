// More than one cluster for the several-clusters tests (docs/design/0035): a second sandbox from
// a custom profile (its own ports and data, stopped and removed afterwards; the shared test
// profile is never stopped) and kubeconfigs for API servers that do not answer.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { customProfile, down, up } from '@opstudio/sandbox';
import assert from 'node:assert/strict';
import { CLUSTER_HEADER } from '@opstudio/shared/kube/cluster-href';
import { contextToPathSegment } from '@opstudio/shared/kube/context-name';
import { createCaller } from '../src/api/root';
import { LOCAL_ADMIN } from '../src/auth';
import { startServer, type RunningServer } from '../src/server';
import { testServerConfig } from './index';

export interface SecondSandbox {
  /** Its kubeconfig context name (`opstudio-sandbox-<name>`). */
  readonly context: string;
  readonly kubeconfigPath: string;
  /** A temp folder for the test's own files, removed by stop(). */
  readonly dir: string;
  /** Writes a kubeconfig file into `dir` for one context whose server is `server` and returns its path. */
  writeKubeconfig(file: string, context: string, server: string): string;
  stop(): Promise<void>;
}

/**
 * Starts sandbox `name` on ports portBase..portBase+5: keep them apart from the fixed profiles
 * (6443, 16443, bench), sandbox.int.test's 31500 and the other tests' bases (31740, 31750, 31760).
 */
export async function startSecondSandbox(name: string, portBase: number): Promise<SecondSandbox> {
  const dir = mkdtempSync(path.join(tmpdir(), `opstudio-${name}-`));
  const profile = customProfile(name, path.join(dir, 'sandbox'), portBase);
  const t0 = Date.now();
  const info = await up({ profile });
  // the cost of a second sandbox for the integration stage, in the test log
  console.log(`second sandbox up in ${Date.now() - t0} ms (already running: ${info.alreadyRunning})`);
  return {
    context: info.context,
    kubeconfigPath: info.kubeconfigPath,
    dir,
    writeKubeconfig: (file, context, server) => {
      const target = path.join(dir, file);
      writeFileSync(target, tokenKubeconfig(context, server));
      return target;
    },
    stop: async () => {
      const t1 = Date.now();
      await down({ profile });
      console.log(`second sandbox down in ${Date.now() - t1} ms`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A studio in this process (single-user, quiet, any free port) over a KUBECONFIG-style `list`: the
 * first file's current context is its default. Its controller-managers' Lease is `lease` in every cluster.
 */
export function startStudioOn(list: string, lease: { namespace: string; name: string }): Promise<RunningServer> {
  return startServer({
    config: testServerConfig({
      kubeconfigPath: list,
    }),
    log: () => undefined,
    services: { lease },
  });
}

/** A free loopback port, closed again: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** One context `name` for `server`, with a token that authenticates nowhere. */
function tokenKubeconfig(name: string, server: string): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: ${name}
  cluster: { server: "${server}", insecure-skip-tls-verify: true }
users:
- name: ${name}-user
  user: { token: not-a-real-token }
contexts:
- name: ${name}
  context: { cluster: ${name}, user: ${name}-user }
`;
}

/** The API as an in-process caller for one context, as the local admin (what a request naming it gets). */
export function callerOn(server: RunningServer, context: string) {
  return createCaller({ ...server.services, ...server.clusters.get(context).context, user: LOCAL_ADMIN });
}

/** A custom resource as the resources router names it. */
type ResourceRef = Parameters<ReturnType<typeof callerOn>['resources']['delete']>[0];

/**
 * The teardown of a design installed in several clusters, best effort: in each context its CRs
 * `crs` first (their finalizer needs the controller, which the uninstall stops), then its CRD.
 */
export async function uninstallEverywhere(
  server: RunningServer,
  contexts: readonly string[],
  designId: string,
  crs: readonly ResourceRef[],
): Promise<void> {
  for (const context of contexts) {
    const api = callerOn(server, context);
    for (const cr of crs) await api.resources.delete(cr).catch(() => undefined);
    await api.crds.uninstall({ designId, deleteResources: true }).catch(() => undefined);
  }
}

/** A query over HTTP as the web app asks it, naming the cluster in CLUSTER_HEADER; fails the test unless 200. */
export async function queryOn<T>(
  server: RunningServer,
  context: string,
  procedure: string,
  input: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { authorization: `Bearer ${server.launchToken}`, [CLUSTER_HEADER]: contextToPathSegment(context) },
  });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  return (JSON.parse(body) as { result: { data: T } }).result.data;
}
