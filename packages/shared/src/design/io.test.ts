import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDesign, serializeDesign } from './io';
import { deriveGoName, pluralize } from './names';

const MINIMAL = `apiVersion: studio.opstudio.dev/v1alpha1
kind: OperatorDesign
project:
  domain: example.com
  repo: github.com/example/foo-operator
  projectName: foo-operator
crd:
  group: apps
  names:
    kind: Foo
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      type: object
      fields:
      - name: spec
        type: object
        fields:
        - name: size
          type: integer
`;

test('a minimal design parses and serialises back to the same text', () => {
  const r = parseDesign(MINIMAL);
  assert.ok(r.ok);
  assert.equal(serializeDesign(r.design), MINIMAL);
});

test('errors name the field by its path, not by list index', () => {
  const r = parseDesign(MINIMAL.replace('type: integer', 'type: int'));
  assert.ok(!r.ok);
  assert.equal(r.errors.length, 1);
  assert.equal(r.errors[0]!.path, 'crd.versions[0].schema.spec.size.type');
  assert.match(
    r.errors[0]!.message,
    /^must be one of string, integer, number, boolean, object, array \(found "int"\)$/,
  );
});

test('unknown keys, duplicate field names and bad names are reported with what to do', () => {
  const typo = parseDesign(MINIMAL.replace('  scope: Namespaced', '  scope: Namespaced\n  scoep: Cluster'));
  assert.ok(!typo.ok);
  assert.deepEqual(typo.errors, [{ path: 'crd', message: 'unknown key "scoep": remove or rename it' }]);
  // a key with a line break stays on the message's one line, escaped
  const broken = parseDesign(MINIMAL.replace('crd:', '"a\\nb": 1\ncrd:'));
  assert.ok(!broken.ok);
  assert.ok(
    broken.errors.some((e) => e.message === 'unknown key "a\\nb": remove or rename it'),
    JSON.stringify(broken.errors),
  );
  const dup = parseDesign(
    MINIMAL.replace('        - name: size\n          type: integer\n', '        - name: size\n        - name: size\n'),
  );
  assert.ok(!dup.ok);
  assert.deepEqual(dup.errors, [
    { path: 'crd.versions[0].schema.spec.size.name', message: 'two fields are named "size": rename one' },
  ]);
  const kind = parseDesign(MINIMAL.replace('kind: Foo', 'kind: foo'));
  assert.ok(!kind.ok);
  assert.equal(kind.errors[0]!.path, 'crd.names.kind');
});

test('text that is not a design gives errors, not exceptions', () => {
  for (const text of ['', 'a: [', '- 1\n- 2\n', 'kind: OperatorDesign\n', '---\na: 1\n---\nb: 2\n', '\t\u0000']) {
    const r = parseDesign(text);
    assert.ok(!r.ok, text);
    assert.ok(
      r.errors.length > 0 && r.errors.every((e) => typeof e.message === 'string' && !e.message.includes('\n')),
      JSON.stringify(r.errors),
    );
  }
});

test('Go names and plurals are derived like kubebuilder does', () => {
  assert.equal(deriveGoName('containerPort'), 'ContainerPort');
  assert.equal(deriveGoName('podIP'), 'PodIP');
  assert.equal(deriveGoName('apiVersion'), 'APIVersion');
  assert.equal(deriveGoName('url'), 'URL');
  assert.equal(deriveGoName('x-kubernetes'), 'XKubernetes');
  assert.equal(pluralize('memcached'), 'memcacheds');
  assert.equal(pluralize('policy'), 'policies');
  assert.equal(pluralize('ingress'), 'ingresses');
});

test('a default map with a key named __proto__ survives parse and serialise (found by the property test)', () => {
  const text = MINIMAL.replace(
    '          type: integer\n',
    '          type: integer\n        - name: labels\n          type: object\n          default:\n            __proto__: []\n',
  );
  const r = parseDesign(text);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.errors));
  assert.equal(serializeDesign(r.design), text);
});
