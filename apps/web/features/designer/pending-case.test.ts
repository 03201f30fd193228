// "Add as test case to the design": the resource page's hand-over is taken once by the designer,
// read back through its schema (a foreign or tampered entry gives nothing), and becomes a render
// case of the live object with its children's conditions as observed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import { liveCase } from '@opstudio/shared/design-tests/edit';
import type { DraftStore } from './drafts';
import { pendingObjects, takePendingCase, writePendingCase, type PendingCase } from './pending-case';

function memory(): DraftStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const pending: PendingCase = {
  cr: {
    apiVersion: 'web.example.com/v1alpha1',
    kind: 'WebApp',
    metadata: { name: 'shop', namespace: 'prod' },
    spec: { replicas: 2 },
  },
  children: [
    {
      child: 'deployment',
      kind: 'Deployment',
      name: 'shop-deployment',
      conditions: [{ type: 'Available', status: 'True' }],
    },
  ],
};

test('the hand-over is taken once, and becomes a case of the live object with its children as observed', () => {
  const s = memory();
  writePendingCase(s, 'd1', pending);
  const taken = takePendingCase(s, 'd1');
  assert.deepEqual(taken, pending);
  assert.equal(takePendingCase(s, 'd1'), undefined, 'taken once');
  const parsed = parseDesign(readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8'));
  assert.ok(parsed.ok);
  const { cr, children } = pendingObjects(taken);
  const c = liveCase(parsed.design, cr, children);
  assert.equal(c.name, 'live prod/shop');
  assert.deepEqual(c.observed, { deployment: { status: { conditions: [{ type: 'Available', status: 'True' }] } } });
  assert.deepEqual((c.cr as { metadata: unknown }).metadata, { name: 'shop', namespace: 'prod' });
});

test('a foreign or broken entry gives no case, and is dropped', () => {
  const s = memory();
  s.setItem('opstudio:pending-test-case:d1', JSON.stringify({ cr: { metadata: {} }, children: 'x' }));
  assert.equal(takePendingCase(s, 'd1'), undefined);
  assert.equal(s.data.size, 0);
  s.setItem('opstudio:pending-test-case:d1', '{not json');
  assert.equal(takePendingCase(s, 'd1'), undefined);
});
