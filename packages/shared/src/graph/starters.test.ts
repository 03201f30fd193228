/// <reference types="node" />
// Every starter validates inside a minimal design, alone and next to the children it wires to,
// and plans for a custom resource with nothing but a name.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesign } from '../validate/design';
import { BUILTIN_CHILD_KINDS } from './child-kinds';
import type { ChildResource } from './model';
import { plan } from './plan';
import { freeChildId, starterChild } from './starters';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8'));
assert.ok(parsed.ok);
const withResources = (resources: ChildResource[]): Design => ({ ...parsed.design, operand: { resources } });
const apiVersionOf = (k: (typeof BUILTIN_CHILD_KINDS)[number]) =>
  k.group === '' ? k.version : `${k.group}/${k.version}`;
const cr = {
  apiVersion: 'web.example.com/v1alpha1',
  kind: 'WebApp',
  metadata: { name: 'a', namespace: 'ns', uid: 'u' },
};

for (const kind of BUILTIN_CHILD_KINDS) {
  test(`the ${kind.kind} starter validates and plans, alone and wired to others`, () => {
    const alone = [starterChild(apiVersionOf(kind), kind.kind, [])];
    const others: ChildResource[] = [];
    for (const k of ['Deployment', 'Service', 'Role', 'ServiceAccount'])
      others.push(starterChild(apiVersionOf(BUILTIN_CHILD_KINDS.find((b) => b.kind === k)!), k, others));
    const wired = [...others, starterChild(apiVersionOf(kind), kind.kind, others)];
    for (const resources of [alone, wired]) {
      const issues = validateDesign(withResources(resources));
      assert.deepEqual(issues, [], JSON.stringify(issues));
      const observed = new Map(resources.map((r) => [r.id, { metadata: { name: `a-${r.id}` } }]));
      const p = plan({ resources }, cr, observed);
      assert.deepEqual(p.errors, []);
      assert.equal(p.desired.length, resources.length);
    }
  });
}

test('wiring: a Service selects the Deployment pods; an Ingress routes to the Service', () => {
  const d = starterChild('apps/v1', 'Deployment', []);
  const s = starterChild('v1', 'Service', [d]);
  const i = starterChild('networking.k8s.io/v1', 'Ingress', [d, s]);
  assert.deepEqual((s.template.spec as { selector: unknown }).selector, {
    'app.kubernetes.io/name': 'app',
    'app.kubernetes.io/instance': '${self.metadata.name}',
  });
  assert.match(JSON.stringify(i.template), /"name":"\$\{service.metadata.name\}"/);
});

test('ids stay free; a custom resource kind gets an empty spec', () => {
  const d = starterChild('apps/v1', 'Deployment', []);
  assert.equal(starterChild('apps/v1', 'Deployment', [d]).id, 'deployment2');
  assert.deepEqual(starterChild('cert-manager.io/v1', 'Certificate', []), {
    id: 'certificate',
    template: { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', spec: {} },
  });
  assert.equal(freeChildId('self', []), 'self1');
  assert.equal(freeChildId('9-Lives!', []), 'lives');
});
