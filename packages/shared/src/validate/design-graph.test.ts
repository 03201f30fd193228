// Issue 14's and 28's acceptance: a design with a cycle, an expression naming an unknown field,
// a result of the wrong type for its field, or an expression whose estimated cost exceeds the
// API server's limit is refused with an error at its design path, before any install
// (validateDesign is what install, export and the designer ask). What the API server's CEL
// accepts is accepted: there is no subset.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesignText } from './design';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const webapp = readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8');
const GREETING = 'GREETING: ${self.spec.greeting}';
const errors = (text: string) => validateDesignText(text).filter((i) => i.severity === 'error');

test('the Web app example has no problem', () => {
  assert.deepEqual(validateDesignText(webapp), []);
});

const cases: { name: string; text: string; path: string; message: RegExp }[] = [
  {
    name: 'a cycle names the resources and the fields that form it',
    text: webapp.replace(GREETING, 'GREETING: ${deployment.metadata.name}'),
    path: 'operand.resources[0].template.data.GREETING',
    message:
      /config → deployment → config is a cycle \(config reads deployment at .*GREETING; deployment reads config at .*configMapRef\.name\)/,
  },
  {
    name: 'an expression naming a field the CRD lacks',
    text: webapp.replace('image: ${self.spec.image}', 'image: ${self.spec.imag}'),
    path: 'operand.resources[1].template.spec.template.spec.containers[0].image',
    message: /\$\{self\.spec\.imag\}: .*undefined field 'imag'/,
  },
  {
    name: 'a string into an integer field (Deployment spec.replicas)',
    text: webapp.replace('replicas: ${self.spec.replicas}', 'replicas: ${self.spec.image}'),
    path: 'operand.resources[1].template.spec.replicas',
    message: /\$\{self\.spec\.image\}: it gives string, and the field is integer \(int32\)/,
  },
  {
    name: "a child's field its kind lacks",
    text: webapp.replace('deployment.status.?readyReplicas', 'deployment.status.?readyReplica'),
    path: 'operand.resources[1].readyWhen',
    message: /undefined field 'readyReplica'/,
  },
  {
    name: 'an expression whose estimated cost exceeds the per-call limit',
    text: webapp.replace(
      'readyReplicas: ${deployment.status.?readyReplicas.orValue(0)}',
      'readyReplicas: ${lists.range(200).map(a, lists.range(200).map(b, lists.range(200).map(c, a + b + c))).size()}',
    ),
    path: 'operand.status.readyReplicas',
    message: /estimated cost \(\d+\) exceeds the API server's limit of 1000000 per expression/,
  },
  {
    name: 'an expression naming a resource the design lacks',
    text: webapp.replace(GREETING, 'GREETING: ${database.metadata.name}'),
    path: 'operand.resources[0].template.data.GREETING',
    message: /database is not a resource of this design/,
  },
  {
    name: 'a status binding to a field the status lacks',
    text: webapp.replace('    url: ${', '    address: ${'),
    path: 'operand.status.address',
    message: /status\.address is not a field of the CRD's status/,
  },
  {
    name: 'a child in a namespace the design does not declare (docs/design/0039)',
    text: webapp.replace(
      '      kind: ConfigMap\n',
      '      kind: ConfigMap\n      metadata:\n        namespace: elsewhere\n',
    ),
    path: 'operand.resources[0].template.metadata.namespace',
    message: /namespace "elsewhere" is not declared/,
  },
];

for (const c of cases)
  test(`refused before install: ${c.name}`, () => {
    const found = errors(c.text);
    assert.equal(found.length, 1, JSON.stringify(found, null, 1));
    assert.equal(found[0]!.path, c.path);
    assert.match(found[0]!.message, c.message);
  });

test('an expression whose cost has no bound before it runs is a warning, not a refusal', () => {
  const text = webapp.replace(
    'readyReplicas: ${deployment.status.?readyReplicas.orValue(0)}',
    "readyReplicas: ${lists.range(deployment.spec.replicas).map(i, 'p-' + string(i)).join(',').size()}",
  );
  const found = validateDesignText(text).filter((i) => i.path === 'operand.status.readyReplicas');
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0]!.severity, 'warning');
  assert.match(
    found[0]!.message,
    /its cost has no bound before it runs, so only the limit of 1000000 per expression stops it then/,
  );
});
