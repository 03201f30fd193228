import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { summarizeDesignChange } from './summary';

const yaml = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../examples/memcached.design.yaml'), 'utf8');
function memcached(edit: (text: string) => string = (t) => t): Design {
  const parsed = parseDesign(edit(yaml));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  return parsed.design;
}

test('the first version says what was created', () => {
  assert.match(summarizeDesignChange(null, memcached()), /^created: Memcached \(cache\), \d+ fields$/);
});

test('renames, fields added, removed and changed, and other sections are named', () => {
  const base = memcached();
  assert.equal(summarizeDesignChange(base, memcached()), 'no change in the design (formatting only)');
  assert.equal(
    summarizeDesignChange(
      base,
      memcached((t) => t.replace('kind: Memcached', 'kind: Cachet')),
    ),
    'kind Memcached → Cachet',
  );
  assert.equal(
    summarizeDesignChange(
      base,
      memcached((t) => t.replace('maximum: 5', 'maximum: 3')),
    ),
    'field spec.size changed',
  );
  const added = memcached((t) =>
    t.replace(
      '        - name: containerPort',
      '        - name: replicaLabel\n          type: string\n        - name: containerPort',
    ),
  );
  assert.equal(summarizeDesignChange(base, added), 'field spec.replicaLabel added');
  assert.equal(summarizeDesignChange(added, base), 'field spec.replicaLabel removed');
  const noOperand = { ...base, operand: undefined };
  assert.equal(summarizeDesignChange(base, noOperand), 'operand removed');
  assert.equal(summarizeDesignChange(noOperand, base), 'operand added');
  const many = memcached((t) =>
    t
      .replace('kind: Memcached', 'kind: Cachet')
      .replace('group: cache', 'group: store')
      .replace('maximum: 5', 'maximum: 3')
      .replace('scope: Namespaced', 'scope: Cluster'),
  );
  assert.equal(
    summarizeDesignChange(base, { ...many, operand: undefined }),
    'kind Memcached → Cachet; group cache → store; scope Namespaced → Cluster; field spec.size changed; 1 more changes',
  );
});
