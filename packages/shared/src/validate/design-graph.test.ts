// Issue 14's acceptance: a design with a cycle, an expression naming an unknown field, or an
// expression outside what the export evaluates alike is refused with an error at its design
// path, before any install (validateDesign is what install, export and the designer ask).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesignText } from './design';

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
    message: /self\.spec\.imag is not a field of the CRD's schema/,
  },
  {
    name: 'an expression naming a resource the design lacks',
    text: webapp.replace(GREETING, 'GREETING: ${database.metadata.name}'),
    path: 'operand.resources[0].template.data.GREETING',
    message: /database is not a resource of this design/,
  },
  {
    name: 'an expression outside the exported subset',
    text: webapp.replace(GREETING, `GREETING: "\${self.spec.greeting.matches('^h') ? 'a' : 'b'}"`),
    path: 'operand.resources[0].template.data.GREETING',
    message: /uses \.matches\(\), which the exported Go operator does not evaluate the same way/,
  },
  {
    name: 'a status binding to a field the status lacks',
    text: webapp.replace('    url: ${', '    address: ${'),
    path: 'operand.status.address',
    message: /status\.address is not a field of the CRD's status/,
  },
  {
    name: 'a template that sets the namespace the controller owns',
    text: webapp.replace(
      '      kind: ConfigMap\n',
      '      kind: ConfigMap\n      metadata:\n        namespace: elsewhere\n',
    ),
    path: 'operand.resources[0].template.metadata.namespace',
    message: /a child lives in its custom resource's namespace/,
  },
];

for (const c of cases)
  test(`refused before install: ${c.name}`, () => {
    const found = errors(c.text);
    assert.equal(found.length, 1, JSON.stringify(found, null, 1));
    assert.equal(found[0]!.path, c.path);
    assert.match(found[0]!.message, c.message);
  });
