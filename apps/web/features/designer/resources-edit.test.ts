import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import { starterChild } from '@opstudio/shared/graph/starters';
import {
  addChild,
  moveChild,
  operandForm,
  removeChild,
  setChild,
  setNamespaces,
  setStatus,
  switchForm,
  withRule,
} from './resources-edit';

const yaml = readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8');
const parsed = parseDesign(yaml);
if (!parsed.ok) throw new Error('the webapp example does not parse');
const webapp = parsed.design;
const ids = (d: typeof webapp) => (d.operand?.resources ?? []).map((r) => r.id);

test('children: add, move, remove, rename, rules', () => {
  let d = addChild(webapp, starterChild('v1', 'Secret', webapp.operand!.resources!));
  assert.deepEqual(ids(d), ['config', 'deployment', 'service', 'ingress', 'pdb', 'ports', 'secret']);
  d = moveChild(d, 6, -1);
  assert.deepEqual(ids(d).slice(-2), ['secret', 'ports']);
  assert.equal(moveChild(d, 0, -1), d);
  d = removeChild(d, 5);
  assert.deepEqual(ids(d).slice(-1), ['ports']);
  d = setChild(d, 0, { ...d.operand!.resources![0]!, id: 'settings' });
  assert.equal(ids(d)[0], 'settings');
  const ingress = d.operand!.resources![3]!;
  assert.equal(withRule(ingress, 'includeWhen', ' ').includeWhen, undefined);
  assert.equal(withRule(ingress, 'readyWhen', 'true').readyWhen, 'true');
});

test('status bindings and switching the form', () => {
  assert.deepEqual(setStatus(webapp, [['url', '${x}']]).operand?.status, { url: '${x}' });
  assert.equal('status' in setStatus(webapp, []).operand!, false);
  assert.equal(operandForm(webapp), 'resources');
  const image = switchForm(webapp, 'image', () => starterChild('apps/v1', 'Deployment', []));
  assert.deepEqual(image.operand, { image: 'nginx:1.27' });
  const back = switchForm(image, 'resources', () => starterChild('apps/v1', 'Deployment', []));
  assert.deepEqual(ids(back), ['deployment']);
  assert.equal(operandForm(switchForm(back, 'none', () => starterChild('v1', 'Secret', []))), 'none');
});

test('namespaces: set in the design, an empty list removes the key (docs/design/0039)', () => {
  const d = setNamespaces(webapp, ['team-shared', 'monitoring']);
  assert.deepEqual(d.operand?.namespaces, ['team-shared', 'monitoring']);
  assert.deepEqual(ids(d), ids(webapp), 'the children stay');
  assert.equal('namespaces' in (setNamespaces(d, []).operand ?? {}), false);
  assert.equal('namespaces' in (setNamespaces(d, undefined).operand ?? {}), false);
});
