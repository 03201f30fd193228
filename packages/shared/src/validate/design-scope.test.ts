// Issue 29's acceptance, part 1 (docs/design/0039): a namespace expression on a cluster-scoped
// child, and a namespaced design's child in a namespace the design does not declare, are refused
// at their design paths before install (validateDesign: the designer, install and `opstudio validate`).
// A cluster-scoped kind runs a graph: its namespaced children name their namespace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Design } from '../design/schema';
import { serializeDesign } from '../design/io';
import { spaceDesign, tenantDesign } from '../testing/scope-designs';
import { validateDesign, validateDesignText } from './design';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const errors = (d: Design) => validateDesign(d).filter((i) => i.severity === 'error');
const withChild = (d: Design, i: number, edit: (t: Record<string, unknown>) => Record<string, unknown>): Design => ({
  ...d,
  operand: {
    ...d.operand,
    resources: d.operand!.resources!.map((r, j) =>
      j === i ? { ...r, template: edit(r.template) as typeof r.template } : r,
    ),
  },
});

test('a namespaced Tenant with a cluster-scoped child, a Namespace and a declared namespace has no problem', () => {
  assert.deepEqual(validateDesign(tenantDesign('team-shared')), []);
});

test('a cluster-scoped Space runs a graph: no refusal, no problem', () => {
  assert.deepEqual(validateDesign(spaceDesign()), []);
});

test("a namespaced design's child in a namespace the design does not declare is refused at its path", () => {
  const d = withChild(tenantDesign('team-shared'), 4, (t) => ({ ...t, metadata: { namespace: 'kube-system' } }));
  assert.deepEqual(
    errors(d).map((i) => [i.path, i.message]),
    [
      [
        'operand.resources[4].template.metadata.namespace',
        'namespace "kube-system" is not declared: a namespaced kind\'s children live in its own namespace, in one listed under operand.namespaces, or in a Namespace the design creates',
      ],
    ],
  );
});

test('a namespace expression on a cluster-scoped child is refused at its path', () => {
  const d = withChild(tenantDesign('team-shared'), 1, (t) => ({
    ...t,
    metadata: { ...(t.metadata as object), namespace: '${self.metadata.namespace}' },
  }));
  assert.deepEqual(
    errors(d).map((i) => [i.path, i.message]),
    [
      [
        'operand.resources[1].template.metadata.namespace',
        'a ClusterRole is cluster-scoped, so it has no namespace: remove metadata.namespace',
      ],
    ],
  );
});

test('a cluster-scoped design: a namespaced child without a namespace, and declared namespaces, are refused', () => {
  const d = withChild(spaceDesign(), 2, (t) => ({ ...t, metadata: {} }));
  const withNamespaces: Design = { ...d, operand: { ...d.operand, namespaces: ['other'] } };
  assert.deepEqual(
    errors(withNamespaces).map((i) => i.path),
    ['operand.namespaces', 'operand.resources[2].template.metadata.namespace'],
  );
  assert.match(
    errors(d)[0]?.message ?? '',
    /^a ConfigMap needs metadata\.namespace: the custom resource is cluster-scoped/,
  );
});

test('a declared namespace is a Namespace name; the YAML says where', () => {
  const text = serializeDesign(tenantDesign('team-shared')).replace('  - team-shared', '  - Team_Shared');
  const issues = validateDesignText(text).filter((i) => i.severity === 'error');
  assert.equal(issues[0]?.path, 'operand.namespaces[0]');
  assert.match(issues[0]?.message ?? '', /a namespace must be lowercase letters/);
});
