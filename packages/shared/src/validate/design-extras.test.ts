// External references and the design's conditions, checked before install (validateDesign: what
// install, export and the designer ask): a status expression that does not give a bool, a reason
// that is not CamelCase, a condition type the controller owns, conditions without a place in the
// status, an external reference reading a child, an author-picked Secret, and the served-kinds
// check only a cluster can answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesignText } from './design';
import { unservedExternalKinds } from './external-kinds';

await loadCel();

const store = readFileSync(`${REPO_ROOT}/examples/replicated-store.design.yaml`, 'utf8');
const app = readFileSync(`${REPO_ROOT}/examples/app-config.design.yaml`, 'utf8');
const project = readFileSync(`${REPO_ROOT}/examples/project.design.yaml`, 'utf8');
const at = (text: string, path: string) => validateDesignText(text).filter((i) => i.path === path);

test('the examples with external references or conditions have no error', () => {
  for (const text of [store, app, project])
    assert.deepEqual(
      validateDesignText(text).filter((i) => i.severity === 'error'),
      [],
    );
});

test('a status expression that gives no bool is refused at its path, type-checked', () => {
  const text = store.replace(
    'status: ${has(self.spec.backup) && backup.spec.schedule == self.spec.backup.schedule}',
    'status: ${self.spec.version}',
  );
  const [issue] = at(text, 'operand.conditions[0].status');
  assert.equal(issue?.severity, 'error');
  assert.match(issue?.message ?? '', /it gives string, and the field is boolean/);
});

test('a fixed reason must be CamelCase; a built-in type is refused; twice is refused', () => {
  const reason = store.replace(/ {4}reason: '\$\{[^']*(''[^']*)*'\n( {6}.*\n)*/, '    reason: not camel\n');
  assert.match(at(reason, 'operand.conditions[0].reason')[0]?.message ?? '', /is not a condition reason/);
  const ready = store.replace('- type: BackupScheduled', '- type: Ready');
  assert.match(validateDesignText(ready)[0]?.message ?? '', /the controller's own conditions/);
});

test('conditions need status.conditions in the CRD', () => {
  const text = store.replace(
    /( {8}- name: )conditions\n {10}preset: conditions\n {10}description: .*\n {12}resource\.\n/,
    '$1notes\n          type: string\n',
  );
  assert.notEqual(text, store);
  assert.match(at(text, 'operand.conditions')[0]?.message ?? '', /add a conditions field to the status/);
});

test('an external reference reads only self; a Secret picked by the custom resource is a warning', () => {
  const reading = app.replace('name: ${self.spec.defaults}', 'name: ${config.metadata.name}');
  assert.match(
    at(reading, 'operand.externalRefs[0].metadata.name')[0]?.message ?? '',
    /an external reference reads only self/,
  );
  const secret = app.replace(
    '  - id: defaults\n    apiVersion: v1\n    kind: ConfigMap',
    '  - id: defaults\n    apiVersion: v1\n    kind: Secret',
  );
  const [warning] = at(secret, 'operand.externalRefs[0].metadata');
  assert.equal(warning?.severity, 'warning');
  assert.match(warning?.message ?? '', /which Secret this reads comes from the custom resource/);
});

test('a kind the cluster does not serve is refused at its kind; unknown says nothing', () => {
  const parsed = parseDesign(app);
  assert.ok(parsed.ok);
  assert.deepEqual(
    unservedExternalKinds(parsed.design, () => undefined),
    [],
  );
  const issues = unservedExternalKinds(
    parsed.design,
    (apiVersion, kind) => !(apiVersion === 'v1' && kind === 'ConfigMap'),
  );
  assert.deepEqual(
    issues.map((i) => i.path),
    ['operand.externalRefs[0].kind', 'operand.externalRefs[1].kind'],
  );
  assert.match(issues[0]!.message, /the cluster does not serve ConfigMap in v1/);
});
