/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesignText } from '../validate/design';
import { DESIGN } from './schema';
import { parseYaml } from '../yaml/parse';
import { pathWithin, repairShape } from './repair';

const memcached = readFileSync(`${REPO_ROOT}/examples/memcached.design.yaml`, 'utf8');
const yamlValue = (text: string): unknown => {
  const r = parseYaml(text);
  assert.ok(r.ok);
  return r.value;
};

test('one wrong value does not hide the other problems (issue 30, point 6)', () => {
  // a lower-case scope (shape) and a default above the maximum (a check that needs a whole design)
  const text = memcached.replace('scope: Namespaced', 'scope: cluster').replace('default: 1\n', 'default: 9\n');
  const issues = validateDesignText(text);
  assert.deepEqual(
    issues.map((i) => i.path),
    ['crd.scope', 'versions[v1alpha1].spec.size.default'],
    JSON.stringify(issues),
  );
  assert.match(issues[1]!.message, /9 is above the maximum 5/);
});

test('the stand-in: an enum value by case, unknown keys dropped; a missing required string gives none', () => {
  const raw = yamlValue(memcached.replace('scope: Namespaced', 'scope: cluster\n  colour: red'));
  const first = DESIGN.safeParse(raw);
  assert.ok(!first.success);
  const repaired = repairShape(raw, first.error.issues);
  assert.equal(repaired?.design.crd.scope, 'Cluster');
  assert.deepEqual([...(repaired?.paths ?? [])].sort(), ['crd', 'crd.scope']);
  const missing = yamlValue(memcached.replace('  group: cache\n', ''));
  const second = DESIGN.safeParse(missing);
  assert.ok(!second.success);
  assert.equal(repairShape(missing, second.error.issues), null);
  assert.equal(pathWithin('crd.scope', 'crd'), true);
  assert.equal(pathWithin('crd.scopes', 'crd.scope'), false);
});
