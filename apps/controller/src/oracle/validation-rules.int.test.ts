// Issue 28, item 5: what the studio says about a CRD's validation rules is what the API server
// says. Every case of packages/cel/testdata/validation-rules.json is put to the sandbox's API
// server (a server-side dry-run create, or update of a stored object; a CRD create for the
// compile cases) and to the studio's CEL module (the API server's own code as WebAssembly), and
// the verdicts and field errors (path, reason, message) must be the same, and as the table says.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import type { JSONValue } from '@opstudio/shared/crd/types';
import { KubeApiError } from '../kube/errors';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { deleteCrd, installCrd } from '../../testing/resources';
import { crd, loadTable, normalized, versionSchema, withoutRules, type Cause } from './validation-rules-table';

const table = loadTable();
const engine = await loadCel();
const run = randomUUID().slice(0, 6);
const group = `r${run}.rules.example.com`;
const ns = `rules-${run}`;
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

const indexed = table.cases.map((c, i) => [i, c] as const);
const mainSchema = versionSchema(indexed.filter(([, c]) => c.ratchet !== true).map(([i, c]) => [i, c.schema]));
const ratchetSchema = versionSchema(indexed.filter(([, c]) => c.ratchet === true).map(([i, c]) => [i, c.schema]));
const kinds = { main: ['rulecases', 'RuleCase', mainSchema], ratchet: ['ratchets', 'Ratchet', ratchetSchema] } as const;

let http: KubeJson;
/** stored objects of the update rows, by name */
const stored = new Map<string, Record<string, JSONValue>>();

type Obj = Record<string, JSONValue>;
const objectOf = (kind: string, name: string, key: string, value: JSONValue): Obj => ({
  apiVersion: `${group}/v1`,
  kind,
  metadata: { name, namespace: ns },
  spec: { [key]: value },
});
const path = (plural: string, name = ''): string => `/apis/${group}/v1/namespaces/${ns}/${plural}${name && `/${name}`}`;

async function refusal(call: Promise<unknown>): Promise<Cause[]> {
  try {
    await call;
    return [];
  } catch (err) {
    if (!(err instanceof KubeApiError) || err.code !== 422) throw err;
    return err.causes.map((c) => ({ field: c.field ?? '', reason: c.reason ?? '', message: c.message ?? '' }));
  }
}

before(async () => {
  if (skipWithoutCluster !== false) return;
  const { kc } = loadKubeConfig(kubeconfigPath);
  http = new KubeJson(kc);
  await http.request({ method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: ns } } });
  const [plural, kind] = kinds.ratchet;
  await Promise.all([
    installCrd(kc, crd(group, kinds.main[0], kinds.main[1], mainSchema)),
    installCrd(kc, crd(group, plural, kind, withoutRules(ratchetSchema))),
  ]);
  // store the old objects: those of the ratchet cases while their rules are not there yet
  for (const [i, c] of indexed)
    for (const [j, o] of c.objects.entries()) {
      if (o.old === undefined) continue;
      const [p, k] = c.ratchet === true ? kinds.ratchet : kinds.main;
      const name = `c${i}-${j}`;
      const created = await http.request<Obj>({
        method: 'POST',
        path: path(p),
        body: objectOf(k, name, `c${i}`, o.old),
      });
      stored.set(name, created);
    }
  await http.request({
    method: 'PATCH',
    path: `${CRDS}/${plural}.${group}`,
    contentType: 'application/json-patch+json',
    body: [{ op: 'replace', path: '/spec/versions/0/schema/openAPIV3Schema', value: ratchetSchema }],
  });
  // the new rules apply once the API server has rebuilt the kind's handler
  const [ri, rc] = indexed.find(([, c]) => c.ratchet === true)!;
  const bad = rc.objects.find((o) => !o.valid)!;
  await eventually('the ratchet CRD enforces its rules', 30_000, async () => {
    const causes = await refusal(
      http.request({
        method: 'POST',
        path: `${path(plural)}?dryRun=All`,
        body: objectOf(kind, 'probe', `c${ri}`, bad.value),
      }),
    );
    return causes.length > 0 ? true : undefined;
  });
});

after(async () => {
  if (skipWithoutCluster !== false) return;
  const { kc } = loadKubeConfig(kubeconfigPath);
  await Promise.all([deleteCrd(kc, `${kinds.main[0]}.${group}`), deleteCrd(kc, `${kinds.ratchet[0]}.${group}`)]);
  await http.request({ method: 'DELETE', path: `/api/v1/namespaces/${ns}` }).catch(() => undefined);
});

test('the table has the cases the issue asks for', () => {
  assert.ok(table.cases.length + table.compile.length >= 25);
  assert.deepEqual(normalized(engine.compileRules(mainSchema).problems.map(cause)), [], 'the main CRD compiles');
});

function cause(e: { field: string; type: string; message: string }): Cause {
  return { field: e.field, reason: e.type, message: e.message };
}

describe('rules on objects: the studio and the API server agree', { skip: skipWithoutCluster }, () => {
  for (const [i, c] of indexed)
    test(c.name, async () => {
      const [plural, kind, schema] = c.ratchet === true ? kinds.ratchet : kinds.main;
      for (const [j, o] of c.objects.entries()) {
        const name = `c${i}-${j}`;
        const old = stored.get(name);
        const object =
          old === undefined ? objectOf(kind, name, `c${i}`, o.value) : { ...old, spec: { [`c${i}`]: o.value } };
        const server = await refusal(
          old === undefined
            ? http.request({ method: 'POST', path: `${path(plural)}?dryRun=All`, body: object })
            : http.request({
                method: 'PATCH',
                path: `${path(plural, name)}?dryRun=All`,
                contentType: 'application/json-patch+json',
                body: [{ op: 'replace', path: '/spec', value: object.spec }],
              }),
        );
        const studio = engine.validate({ schema, object, oldObject: old ?? null });
        assert.equal(studio.error, undefined);
        const what = `${c.name}, object ${j} (${JSON.stringify(o.value).slice(0, 80)})`;
        assert.deepEqual(normalized(studio.errors.map(cause)), normalized(server), what);
        assert.equal(server.length === 0, o.valid, `${what}: the table expects it ${o.valid ? 'valid' : 'refused'}`);
      }
    });
});

describe(
  'rules of a CRD: compile errors and cost limits as the API server words them',
  { skip: skipWithoutCluster },
  () => {
    for (const [i, c] of table.compile.entries())
      test(c.name, async () => {
        const schema = versionSchema([[i, c.schema]]);
        const server = await refusal(
          http.request({ method: 'POST', path: `${CRDS}?dryRun=All`, body: crd(group, `x${i}s`, `X${i}`, schema) }),
        );
        const studio = engine.compileRules(schema);
        assert.equal(studio.error, undefined);
        assert.deepEqual(normalized(studio.problems.map(cause)), normalized(server), c.name);
        assert.equal(
          server.length === 0,
          c.accepted,
          `${c.name}: the table expects it ${c.accepted ? 'accepted' : 'refused'}`,
        );
      });
  },
);
