// Just enough of a Kubernetes client for start-up: readiness probes, creating the fake nodes and
// counting Ready ones. (The controller uses @kubernetes/client-node; the sandbox stays dependency-free.)
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ClientCredentials } from './pki';

export interface HttpResult {
  status: number;
  body: string;
}

export function httpCall(
  url: string,
  opts: { method?: string; body?: unknown; contentType?: string; creds?: ClientCredentials; timeoutMs?: number } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const options = {
      method: opts.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(payload ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
      },
      timeout: opts.timeoutMs ?? 5000,
      ...(opts.creds ? { ca: opts.creds.ca, cert: opts.creds.cert, key: opts.creds.key } : {}),
    };
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out: ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** True when the URL answers 200; false on any error (not up yet). */
export async function isOk(url: string, creds?: ClientCredentials): Promise<boolean> {
  try {
    return (await httpCall(url, { creds, timeoutMs: 2000 })).status === 200;
  } catch {
    return false;
  }
}

interface NodeList {
  items: { metadata: { name: string }; status?: { conditions?: { type: string; status: string }[] } }[];
}

/** Names of the nodes whose Ready condition is True. */
export function readyNodeNames(list: NodeList): string[] {
  return list.items
    .filter((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
    .map((n) => n.metadata.name);
}

export async function listNodes(server: string, creds: ClientCredentials): Promise<NodeList> {
  const res = await httpCall(`${server}/api/v1/nodes`, { creds });
  if (res.status !== 200) throw new Error(`listing nodes failed: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body) as NodeList;
}

/** Creates the object unless it exists (409 is fine: data persists across down/up). */
export async function createIfMissing(
  server: string,
  path: string,
  body: unknown,
  creds: ClientCredentials,
): Promise<void> {
  const res = await httpCall(`${server}${path}`, { method: 'POST', body, creds });
  if (res.status !== 201 && res.status !== 200 && res.status !== 409) {
    throw new Error(`creating ${path} failed: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  }
}

/** A JSON merge patch (the object must exist). */
export async function mergePatch(server: string, path: string, body: unknown, creds: ClientCredentials): Promise<void> {
  const res = await httpCall(`${server}${path}`, {
    method: 'PATCH',
    body,
    contentType: 'application/merge-patch+json',
    creds,
  });
  if (res.status !== 200) throw new Error(`patching ${path} failed: HTTP ${res.status} ${res.body.slice(0, 300)}`);
}

/** Deletes the object if it exists (404 is fine). */
export async function deleteIfPresent(server: string, path: string, creds: ClientCredentials): Promise<void> {
  const res = await httpCall(`${server}${path}`, { method: 'DELETE', creds });
  if (res.status !== 200 && res.status !== 202 && res.status !== 404) {
    throw new Error(`deleting ${path} failed: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  }
}
