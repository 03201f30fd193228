// Fuzzing resources.create and resources.patch through the real router against the sandbox with
// fast-check: arbitrary strings, YAML alias bombs and deep nesting, wrong kinds and apiVersions,
// names with path characters. Every call ends in a success or a TRPCError with a message (never
// a crash, never INTERNAL_SERVER_ERROR), and a refused call writes nothing: the namespace's
// objects (names and resourceVersions) are the same before and after.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices, type RunningServices } from '../services';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { deleteCrd, installCrd, widgetCrd } from '../../testing/resources';

const id = randomUUID().slice(0, 8);
const group = `fuzz-${id}.example.com`;
const version = 'v1';
const plural = 'widgets';
const namespace = `fuzz-${id}`;
const ref = { group, version, plural, namespace };

const weirdName = fc.oneof(
  fc.constantFrom(
    'ok',
    'a.b',
    '../x',
    'a/b',
    'a%2Fb',
    '..',
    '',
    ' ',
    'A',
    '-a',
    'a-',
    'a?b=c',
    'a#b',
    'a\u0000b',
    'x'.repeat(300),
    '🙂',
  ),
  fc.string({ maxLength: 20 }),
);
const yamlBombs = fc.oneof(
  fc.constantFrom(
    '&a [*a]',
    'a: &a {b: *a}',
    `${'- '.repeat(300)}x`,
    `${'{a: '.repeat(3000)}1${'}'.repeat(3000)}`,
    `${'['.repeat(5000)}`,
    '\u0000\uFFFE',
    'spec: [',
    'a: 1\na: 2',
    '---\na: 1\n---\nb: 2',
    '!!binary AAAA',
    '? [a, b]\n: c',
  ),
  fc.tuple(fc.integer({ min: 2, max: 10 }), fc.integer({ min: 2, max: 10 })).map(([levels, width]) => {
    const out = ['a0: &a0 ["lol"]'];
    for (let i = 1; i <= levels; i++)
      out.push(
        `a${i}: &a${i} [${Array(width)
          .fill(`*a${i - 1}`)
          .join(',')}]`,
      );
    return `${out.join('\n')}\nmetadata: {name: bomb}\nspec: {size: 1}`;
  }),
);
const deep = fc.integer({ min: 90, max: 400 }).map((n) => {
  let o: Record<string, unknown> = { size: 1 };
  for (let i = 0; i < n; i++) o = { x: o };
  return { metadata: { name: 'deep' }, spec: o };
});
const objects = fc.record(
  {
    apiVersion: fc.oneof(
      fc.constant(`${group}/${version}`),
      fc.constantFrom('v1', `${group}/v2`, 'apps/v1', ''),
      fc.string({ maxLength: 20 }),
    ),
    kind: fc.oneof(fc.constant('Widget'), fc.constantFrom('Gadget', 'widget', 'Pod', ''), fc.string({ maxLength: 12 })),
    metadata: fc.oneof(
      fc.record(
        {
          name: weirdName,
          namespace: fc.oneof(fc.constant(namespace), fc.constantFrom('default', '../etc', 'kube-system')),
        },
        { requiredKeys: ['name'] },
      ),
      fc.constantFrom(null, 'x', [1], {}),
      fc.record({ generateName: weirdName }),
    ),
    spec: fc.oneof(
      fc.record({ size: fc.oneof(fc.integer({ min: -3, max: 12 }), fc.string({ maxLength: 4 })) }),
      fc.jsonValue({ maxDepth: 3 }),
    ),
  },
  { requiredKeys: [] },
);
const bodies = fc.oneof(
  fc.string({ maxLength: 200 }),
  yamlBombs,
  deep,
  objects,
  objects.map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 4 }),
);

describe('fuzzing resources.create and resources.patch', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);
  /** name → resourceVersion of every Widget in the namespace. */
  const state = async () => {
    const list = (await conn()
      .kc.makeApiClient(CustomObjectsApi)
      .listNamespacedCustomObject({ group, version, namespace, plural })) as {
      items: { metadata: { name: string; resourceVersion: string } }[];
    };
    return Object.fromEntries(list.items.map((o) => [o.metadata.name, o.metadata.resourceVersion]));
  };
  const clearError = (err: unknown) => {
    assert.ok(err instanceof TRPCError, `not a TRPCError: ${String(err)}`);
    assert.notEqual(err.code, 'INTERNAL_SERVER_ERROR', `a crash: ${err.message}`);
    assert.ok(err.message.trim().length > 0, 'an error says what is wrong');
  };

  before(async () => {
    await conn()
      .kc.makeApiClient(CoreV1Api)
      .createNamespace({ body: { metadata: { name: namespace } } });
    await installCrd(conn().kc, widgetCrd(group));
    running = await startServices(conn(), migratedTempDb(), { lease: { namespace, name: 'opstudio-fuzz-it' } });
    await createCaller({ ...running.services, user: LOCAL_ADMIN }).resources.create({
      ...ref,
      body: { metadata: { name: 'target' }, spec: { size: 1 } },
    });
  });

  after(async () => {
    await running?.stop();
    await deleteCrd(conn().kc, `${plural}.${group}`);
    await conn()
      .kc.makeApiClient(CoreV1Api)
      .deleteNamespace({ name: namespace })
      .catch(() => undefined);
  });

  test('create: a success or a clear error, and a refusal writes nothing', async () => {
    const api = createCaller({ ...running.services, user: LOCAL_ADMIN });
    let refused = 0;
    await fc.assert(
      // the namespace of the request fuzzed too (one call in five): a bad one never reaches a URL
      fc.asyncProperty(
        bodies,
        fc.oneof({ weight: 4, arbitrary: fc.constant(namespace) }, { weight: 1, arbitrary: weirdName }),
        async (body, ns) => {
          const before = await state();
          const started = performance.now();
          try {
            await api.resources.create({ ...ref, namespace: ns, body: body as Record<string, unknown> });
          } catch (err) {
            clearError(err);
            refused++;
            assert.deepEqual(await state(), before, 'nothing written');
          }
          assert.ok(performance.now() - started < 5000, 'answered quickly');
        },
      ),
      { numRuns: 120 },
    );
    assert.ok(refused > 60, `most fuzzed bodies are refused (${refused})`);
  });

  test('patch (merge and apply): a success or a clear error, and a refusal changes nothing', async () => {
    const api = createCaller({ ...running.services, user: LOCAL_ADMIN });
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.constantFrom<'merge' | 'apply'>('merge', 'apply'),
        fc.oneof(fc.constant('target'), weirdName),
        async (patch, strategy, name) => {
          const before = await state();
          try {
            await api.resources.patch({ ...ref, name, strategy, patch: patch as Record<string, unknown> });
          } catch (err) {
            clearError(err);
            assert.deepEqual(await state(), before, 'nothing written');
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
