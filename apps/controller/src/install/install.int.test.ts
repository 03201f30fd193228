// crds.* and designs.* through the real router (createCaller, no HTTP) against the sandbox and a
// real SQLite file: install → Established with the label and annotation, a CR can be created, a
// breaking change refused then confirmed, a rule over the cost limit refused before anything is
// sent, a refusal only the API server can make (a cluster's admission policy) coming back from
// its dry run with nothing applied, uninstall refused while a CR exists and then done with
// deleteResources. Each run uses its own API group.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TRPCError } from '@trpc/server';
import { importCrd } from '@opstudio/shared/crd/import';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { fieldCausesOf } from '../api/errors';
import { repoRoot } from '../config';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { startServices, type RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { KubeApiError } from '../kube/errors';
import { CrdClient } from './crd-client';
import { DESIGN_LABEL, DESIGN_VERSION_ANNOTATION } from './labels';
import { KubeJson } from '../kube/json-client';
import { CrdService } from './service';
import { toTRPCError } from '../api/errors';

const domain = `i${Date.now().toString(36)}.example.com`;
const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8').replace(
  'domain: example.com',
  `domain: ${domain}`,
);
const crdName = `memcacheds.cache.${domain}`;
const withNodesRule = (rule: string) =>
  memcached.replace(
    '          items:\n            type: string\n',
    `          items:\n            type: string\n          validations:\n          - rule: '${rule}'\n`,
  );

// services throw domain errors (api/errors.ts translates them once): compare as the client sees them
const rejects =
  (code: string, check: (e: TRPCError) => void = () => {}) =>
  (thrown: unknown) => {
    const e = thrown instanceof TRPCError ? thrown : toTRPCError(thrown);
    assert.equal(e.code, code, `${e.code}: ${e.message}`);
    check(e);
    return true;
  };

describe('installing designs as CRDs', { skip: skipWithoutCluster }, () => {
  let running: RunningServices;
  let api: ReturnType<typeof createCaller>;
  let client: CrdClient;
  let kube: KubeJson;
  let designId = '';
  let conn: ReturnType<typeof loadKubeConfig>;

  before(async () => {
    conn = loadKubeConfig(kubeconfigPath);
    // its own Lease: the default one belongs to the e2e controller that runs after this file
    running = await startServices(conn, migratedTempDb(), {
      lease: { namespace: 'default', name: `install-it-${domain}` },
    });
    api = createCaller({ ...running.services, user: LOCAL_ADMIN });
    client = new CrdClient(conn.kc);
    kube = new KubeJson(conn.kc);
  });
  after(async () => {
    // a failed run may leave the finalizer-held CR behind: release it so the CRD can go
    await kube
      .request({
        method: 'PATCH',
        path: `${crPath}/stuck`,
        contentType: 'application/merge-patch+json',
        body: { metadata: { finalizers: null } },
      })
      .catch(() => undefined);
    await client.delete(crdName).catch(() => undefined);
    await running?.stop();
  });

  test('install: progress published live, CRD Established with the label and the pinned version', async () => {
    designId = (await api.designs.save({ name: `memcached-${domain}`, yaml: memcached })).id;
    const seen: LiveEvent[] = [];
    const off = running.services.bus.subscribe(({ event }) => event.topic === 'install:t-1' && seen.push(event));
    const result = await api.crds.install({ designId, operationId: 't-1' });
    off();
    const steps = ['dry-run', 'identity', 'applied', 'NamesAccepted', 'Established'];
    assert.deepEqual(
      result.operation.steps.map((s) => s.step),
      steps,
    );
    assert.equal(result.operation.state, 'succeeded');
    assert.deepEqual(
      seen.map((e) => ('operation' in e ? e.operation.steps.at(-1)?.step : '')),
      steps,
    );
    const crd = await client.read(crdName);
    assert.equal(crd?.metadata.labels?.[DESIGN_LABEL], designId);
    assert.equal(crd?.metadata.annotations?.[DESIGN_VERSION_ANNOTATION], '1');
    const listed = (await api.crds.list()).find((c) => c.name === crdName);
    assert.deepEqual(listed?.managed, { designId, designVersion: 1, designName: `memcached-${domain}` });
    assert.equal(listed?.established, true);
  });

  const crPath = `/apis/cache.${domain}/v1alpha1/namespaces/default/memcacheds`;
  const createCr = (name: string, finalizers?: string[]) =>
    kube.request<{ metadata: { name: string } }>({
      method: 'POST',
      path: crPath,
      body: {
        apiVersion: `cache.${domain}/v1alpha1`,
        kind: 'Memcached',
        metadata: { name, finalizers },
        spec: { size: 2 },
      },
    });

  test('crds.get gives the installed CRD as YAML that imports back into a design; unknown and bad names are refused', async () => {
    const got = await api.crds.get({ name: crdName });
    assert.doesNotMatch(
      got.yaml,
      /managedFields|^status:|resourceVersion|uid:|conversion:|studio\.opstudio\.dev/m,
      'no server bookkeeping, not the studio label',
    );
    const imported = importCrd(got.yaml);
    assert.ok(imported.ok, JSON.stringify(imported));
    assert.deepEqual(imported.unrepresentable, [], 'nothing left out');
    assert.equal(imported.design.crd.names.kind, 'Memcached');
    assert.equal(`${imported.design.crd.group}.${imported.design.project.domain}`, `cache.${domain}`);
    await assert.rejects(
      api.crds.get({ name: `nothings.${domain}` }),
      (e: TRPCError) => e.code === 'NOT_FOUND' && e.message === `no CRD named nothings.${domain} in the cluster`,
    );
    await assert.rejects(
      api.crds.get({ name: '../etc' }),
      (e: TRPCError) => e.code === 'BAD_REQUEST' && /<plural>\.<group>/.test(e.message),
    );
  });

  test('a CR of the new kind can be created', async () => {
    assert.equal((await createCr('sample')).metadata.name, 'sample');
  });

  test('a breaking change is refused with the change listed, and applied when confirmed', async () => {
    await api.designs.save({
      id: designId,
      name: `memcached-${domain}`,
      yaml: memcached.replace('maximum: 5', 'maximum: 3'),
    });
    const diff = await api.crds.diff({ designId });
    assert.equal(diff.breaking, true);
    assert.deepEqual(
      diff.changes.filter((c) => c.severity === 'breaking').map((c) => [c.designPath, c.rule]),
      [['versions[v1alpha1].spec.size', 'maximum']],
    );
    await assert.rejects(
      api.crds.install({ designId }),
      rejects('PRECONDITION_FAILED', (e) => {
        assert.match(e.message, /1 breaking change.*maximum lowered from 5 to 3/);
        assert.deepEqual(
          fieldCausesOf(e)?.map((c) => c.field),
          ['versions[v1alpha1].spec.size'],
        );
      }),
    );
    assert.equal(
      (await client.read(crdName))?.metadata.annotations?.[DESIGN_VERSION_ANNOTATION],
      '1',
      'nothing applied',
    );
    const confirmed = await api.crds.install({ designId, confirmBreaking: true });
    assert.equal(confirmed.operation.steps.at(-1)?.step, 'Established');
    const crd = await client.read(crdName);
    assert.equal(crd?.metadata.annotations?.[DESIGN_VERSION_ANNOTATION], '2');
    assert.match(JSON.stringify(crd?.spec), /"maximum":3/);
  });

  test('installing a CRD another design installed is refused naming that design, not its id', async () => {
    const other = await api.designs.save({ name: `copy-${domain}`, yaml: memcached });
    await assert.rejects(
      api.crds.install({ designId: other.id }),
      rejects('PRECONDITION_FAILED', (e) =>
        assert.match(e.message, new RegExp(`installed from the design "memcached-${domain}" \\(revision 2\\)`)),
      ),
    );
    await api.designs.delete({ id: other.id });
  });

  test("a CEL rule over the API server's cost limit is refused before anything is sent, in the API server's words", async () => {
    // the studio compiles rules with the API server's own code (issue 28): what its dry run would
    // refuse is refused here first, at the rule's design path, and nothing reaches the cluster
    const bad = await api.designs.save({
      name: `bad-${domain}`,
      yaml: withNodesRule('self.all(x, self.all(y, self.all(z, x + y + z != "")))').replace(
        `domain: ${domain}`,
        `domain: bad.${domain}`,
      ),
    });
    await assert.rejects(
      api.crds.install({ designId: bad.id, operationId: 't-bad' }),
      rejects('BAD_REQUEST', (e) =>
        assert.match(
          e.message,
          /fix them before installing: versions\[v1alpha1\]\.status\.nodes\.validations\[0\]: estimated rule cost exceeds budget/,
        ),
      ),
    );
    assert.equal(await client.read(`memcacheds.cache.bad.${domain}`), undefined, 'nothing created');
  });

  test("a refusal only the API server can make (the cluster's admission policy) comes back from the dry run, and nothing is applied", async () => {
    // The studio refuses what its own checks know first (the CRD's rules are compiled by the API
    // server's code, so a bad rule never reaches the dry run), but a cluster may refuse a valid
    // CRD for reasons no design shows: here a ValidatingAdmissionPolicy against its API group.
    const group = `cache.policy.${domain}`;
    const name = `opstudio-it-${domain.split('.')[0]}`;
    const POLICIES = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';
    const BINDINGS = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings';
    const message = `this cluster admits no CRD of the API group ${group}`;
    await kube.request({
      method: 'POST',
      path: POLICIES,
      body: {
        metadata: { name },
        spec: {
          failurePolicy: 'Fail',
          matchConstraints: {
            resourceRules: [
              {
                apiGroups: ['apiextensions.k8s.io'],
                apiVersions: ['v1'],
                operations: ['CREATE', 'UPDATE'],
                resources: ['customresourcedefinitions'],
              },
            ],
          },
          validations: [{ expression: `object.spec.group != '${group}'`, message }],
        },
      },
    });
    try {
      await kube.request({
        method: 'POST',
        path: BINDINGS,
        body: { metadata: { name }, spec: { policyName: name, validationActions: ['Deny'] } },
      });
      // the API server applies a new policy once its informers have it: probe with a dry run
      await eventually('the admission policy to refuse the group', 30_000, async () => {
        const probe = {
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          metadata: { name: `probes.${group}` },
          spec: {
            group,
            scope: 'Namespaced',
            names: { plural: 'probes', singular: 'probe', kind: 'Probe', listKind: 'ProbeList' },
            versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
          },
        };
        try {
          await kube.request({
            method: 'POST',
            path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
            query: { dryRun: 'All' },
            body: probe,
          });
          return undefined;
        } catch (err) {
          return err instanceof KubeApiError && err.code === 422 ? true : undefined;
        }
      });
      const refused = await api.designs.save({
        name: `policy-${domain}`,
        yaml: memcached.replace(`domain: ${domain}`, `domain: policy.${domain}`),
      });
      await assert.rejects(
        api.crds.install({ designId: refused.id, operationId: 't-policy' }),
        rejects('UNPROCESSABLE_CONTENT', (e) => {
          assert.match(e.message, /the API server refused the CRD of design "policy-.*" version 1 \(dry run\)/);
          const said = fieldCausesOf(e)?.map((c) => c.message) ?? [];
          assert.ok(
            said.some((m) => m.includes(message)),
            `the policy's words reach the user: ${said.join(' | ')}`,
          );
        }),
      );
      assert.equal(running.services.crds.operations.get('t-policy')?.state, 'failed');
      assert.equal(await client.read(`memcacheds.${group}`), undefined, 'nothing created');
      await api.designs.delete({ id: refused.id });
    } finally {
      await kube.request({ method: 'DELETE', path: `${BINDINGS}/${name}` }).catch(() => undefined);
      await kube.request({ method: 'DELETE', path: `${POLICIES}/${name}` }).catch(() => undefined);
    }
  });

  test('an external reference to a kind the cluster does not serve is refused at its design path, before anything is applied', async () => {
    const appConfig = readFileSync(path.join(repoRoot, 'examples/app-config.design.yaml'), 'utf8')
      .replace('domain: example.com', `domain: ext.${domain}`)
      .replace(
        '  - id: defaults\n    apiVersion: v1\n    kind: ConfigMap',
        '  - id: defaults\n    apiVersion: v1\n    kind: ConfigMapp',
      );
    const bad = await api.designs.save({ name: `ext-${domain}`, yaml: appConfig });
    await assert.rejects(
      api.crds.install({ designId: bad.id, operationId: 't-ext' }),
      rejects('BAD_REQUEST', (e) => {
        assert.match(e.message, /names a kind the cluster does not serve/);
        assert.deepEqual(
          fieldCausesOf(e)?.map((c) => [c.field, c.message]),
          [
            [
              'operand.externalRefs[0].kind',
              'the cluster does not serve ConfigMapp in v1: install the CRD that defines it first, or fix apiVersion and kind (defaults could never be read)',
            ],
          ],
        );
      }),
    );
    assert.equal(await client.read(`appconfigs.config.ext.${domain}`), undefined, 'no CRD');
    const identity = await kube
      .request({
        method: 'GET',
        path: `/apis/rbac.authorization.k8s.io/v1/clusterroles/opstudio:design:appconfigs.config.ext.${domain}`,
      })
      .catch(() => undefined);
    assert.equal(identity, undefined, 'no identity');
    await api.designs.delete({ id: bad.id });
  });

  test('a child of a kind the cluster does not serve is refused at its design path, before anything is applied (issue 30)', async () => {
    const webapp = readFileSync(path.join(repoRoot, 'examples/webapp.design.yaml'), 'utf8')
      .replace('domain: example.com', `domain: backup.${domain}`)
      .replace(
        '  status:\n    readyReplicas',
        '  - id: backup\n    template:\n      apiVersion: backup.acme.io/v1\n      kind: Backup\n      spec:\n        schedule: "@daily"\n  status:\n    readyReplicas',
      );
    const bad = await api.designs.save({ name: `backup-${domain}`, yaml: webapp });
    await assert.rejects(
      api.crds.install({ designId: bad.id, operationId: 't-backup' }),
      rejects('BAD_REQUEST', (e) => {
        assert.match(e.message, /names a kind the cluster does not serve/);
        assert.deepEqual(
          fieldCausesOf(e)?.map((c) => [c.field, c.message]),
          [
            [
              'operand.resources[6].template.kind',
              'the cluster does not serve Backup in backup.acme.io/v1: install the CRD that defines it first, or fix apiVersion and kind (backup could never be applied)',
            ],
          ],
        );
      }),
    );
    assert.equal(await client.read(`webapps.web.backup.${domain}`), undefined, 'no CRD');
    await api.designs.delete({ id: bad.id });
  });

  test('uninstall is refused while a CR exists; deleteResources removes the CR, then the CRD', async () => {
    await assert.rejects(
      api.crds.uninstall({ designId }),
      rejects('PRECONDITION_FAILED', (e) =>
        assert.match(e.message, /1 Memcached object\(s\) exist \(default\/sample\)/),
      ),
    );
    await assert.rejects(
      api.designs.delete({ id: designId }),
      rejects('PRECONDITION_FAILED', (e) => assert.match(e.message, /uninstall it first/)),
    );
    // a CR whose finalizer nobody runs: the wait times out naming it
    await createCr('stuck', ['test.opstudio.dev/hold']);
    const impatient = new CrdService(conn.kc, running.services.designs, running.services.bus, {
      resourcesGoneTimeoutMs: 1500,
    });
    await assert.rejects(
      impatient.uninstall({ designId, deleteResources: true }),
      rejects('TIMEOUT', (e) =>
        assert.match(
          e.message,
          /1 Memcached object\(s\) still exist .*default\/stuck waiting on finalizer test\.opstudio\.dev\/hold.*is it running\?/,
        ),
      ),
    );
    assert.ok(await client.read(crdName), 'the CRD stays while its objects are not gone');
    await kube.request({
      method: 'PATCH',
      path: `${crPath}/stuck`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { finalizers: null } },
    });
    await createCr('sample2');
    const done = await api.crds.uninstall({ designId, deleteResources: true });
    assert.deepEqual(
      done.operation.steps.map((s) => s.step),
      ['deleting-resources', 'resources-deleted', 'deleting', 'deleted'],
    );
    assert.equal(await client.read(crdName), undefined);
    await assert.rejects(
      api.crds.uninstall({ designId }),
      rejects('NOT_FOUND', (e) => assert.match(e.message, /is not installed/)),
    );
    assert.deepEqual(
      (await api.designs.history({ id: designId })).map((h) => h.version),
      [2, 1],
      'history kept',
    );
    await api.designs.delete({ id: designId });
  });
});
