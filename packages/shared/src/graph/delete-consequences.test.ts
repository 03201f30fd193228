/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../testing/corpus';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { deleteConsequences } from './delete-consequences';

function example(name: string): Design {
  const r = parseDesign(readFileSync(`${REPO_ROOT}/examples/${name}`, 'utf8'));
  assert.ok(r.ok);
  return r.design;
}

test('the delete dialog names what each example takes and keeps (issue 30, point 6)', () => {
  assert.deepEqual(deleteConsequences(example('memcached.design.yaml')), {
    takes: 'its Deployment and its pods',
    keeps: null,
  });
  const store = deleteConsequences(example('replicated-store.design.yaml'));
  assert.equal(store.takes, 'its 2 Services, ConfigMap, StatefulSet, PodDisruptionBudget and CronJob, with their pods');
  assert.match(store.keeps ?? '', /^Its StatefulSet's PersistentVolumeClaims \(data-…\) stay/);
  const web = deleteConsequences(example('webapp.design.yaml'));
  assert.match(web.takes, /a Service per element of its collection/);
  assert.equal(web.keeps, null);
});
