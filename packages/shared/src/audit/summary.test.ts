import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isTouchedPaths, MAX_AUDIT_PATH_CHARS, touchedPaths } from './paths';
import { inputSummary } from './summary';

const SECRET = 's3cr3t-Value-9f2';

test('a merge patch is summarised by the paths it touches, in document order', () => {
  assert.deepEqual(touchedPaths({ spec: { size: 5 } }), { paths: ['spec.size'] });
  assert.deepEqual(
    touchedPaths({
      spec: { size: 5, image: 'x' },
      metadata: { finalizers: null, labels: { 'app.kubernetes.io/name': 'm' }, annotations: {} },
    }),
    {
      paths: [
        'spec.size',
        'spec.image',
        'metadata.finalizers',
        'metadata.labels["app.kubernetes.io/name"]',
        'metadata.annotations',
      ],
    },
  );
  // a list is replaced whole by a merge patch: its path, not its items
  assert.deepEqual(touchedPaths({ spec: { ports: [80, 443] } }), { paths: ['spec.ports'] });
  assert.deepEqual(touchedPaths('text'), { paths: [] });
  assert.deepEqual(touchedPaths([1, 2]), { paths: [] });
});

test('paths are capped in count and in length', () => {
  const wide = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, i]));
  assert.deepEqual(touchedPaths({ spec: wide }, 20), {
    paths: Array.from({ length: 20 }, (_, i) => `spec.f${i}`),
    more: 5,
  });
  let deep: unknown = 1;
  for (let i = 0; i < 60; i++) deep = { level: deep };
  const [long] = touchedPaths(deep).paths;
  assert.ok(long !== undefined && long.length === MAX_AUDIT_PATH_CHARS && long.endsWith('…'), long);
  assert.equal(touchedPaths({ ['k'.repeat(500)]: 1 }).paths[0]?.length, MAX_AUDIT_PATH_CHARS);
});

test('resources.patch keeps the strategy and flags; the patch becomes paths, its values never', () => {
  const input = {
    group: 'cache.example.com',
    version: 'v1alpha1',
    plural: 'memcacheds',
    namespace: 'a',
    name: 'one',
    strategy: 'merge',
    patch: { spec: { size: 5, password: SECRET } },
    force: true,
    dryRun: false,
  };
  const summary = inputSummary(input);
  assert.deepEqual(summary, {
    strategy: 'merge',
    patch: { paths: ['spec.size', 'spec.password'] },
    force: true,
    dryRun: false,
  });
  assert.ok(!JSON.stringify(summary).includes(SECRET));
  // the same patch as YAML text
  assert.deepEqual(inputSummary({ strategy: 'apply', patch: `spec:\n  size: 5\n  token: ${SECRET}\n` }), {
    strategy: 'apply',
    patch: { paths: ['spec.size', 'spec.token'] },
  });
});

test('a body, a design, a password and any other text never reach the summary', () => {
  const create = inputSummary({
    group: 'g.io',
    version: 'v1',
    plural: 'ws',
    namespace: 'a',
    body: { apiVersion: 'g.io/v1', kind: 'W', metadata: { name: 'w' }, data: { key: SECRET } },
  });
  assert.deepEqual(create, { body: { paths: ['apiVersion', 'kind', 'metadata.name', 'data.key'] } });
  const yamlBody = inputSummary({ body: `kind: W\nstringData:\n  pw: ${SECRET}\n` });
  const design = inputSummary({ id: 'd1', name: 'memcached', yaml: `spec:\n  group: ${SECRET}\n` });
  const user = inputSummary({ name: 'bob', password: SECRET, role: 'editor' });
  const other = inputSummary({
    comment: SECRET,
    token: SECRET,
    design: { spec: { group: SECRET } },
    operationId: 'op-1',
  });
  assert.equal(design, undefined, 'a design save keeps nothing of the document');
  assert.deepEqual(user, { role: 'editor' });
  assert.deepEqual(other, { design: { paths: ['spec.group'] }, operationId: 'op-1' });
  for (const s of [create, yamlBody, design, user, other])
    assert.ok(!JSON.stringify(s ?? null).includes(SECRET), JSON.stringify(s));
  // a body that is not a mapping (a bare scalar) has no paths to show
  assert.deepEqual(inputSummary({ body: SECRET }), undefined);
  assert.deepEqual(inputSummary({ body: 'not: [valid' }), undefined);
});

test('crds.install keeps its design version and flags; the design id is the entry object', () => {
  assert.deepEqual(inputSummary({ designId: 'd1', version: 3, confirmBreaking: true }), {
    version: 3,
    confirmBreaking: true,
  });
  assert.equal(inputSummary({ designId: 'd1' }), undefined);
  assert.equal(inputSummary({ strategy: 'x'.repeat(65) }), undefined, 'a long "choice" is content');
  assert.equal(inputSummary(undefined), undefined);
});

test('a summary value with paths is recognisable for display', () => {
  assert.equal(isTouchedPaths({ paths: ['spec.size'] }), true);
  assert.equal(isTouchedPaths({ paths: ['a'], more: 2 }), true);
  assert.equal(isTouchedPaths({ paths: [1] }), false);
  assert.equal(isTouchedPaths('spec.size'), false);
});
