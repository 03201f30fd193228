/// <reference types="node" />
// Issue 27.4: the export's RBAC markers are built from validated parts only. A design that
// bypassed validation (its object built in code, not parsed) with `*`, `;`, `,` or a line break
// in a child's apiVersion or kind gets no marker and no role: each is refused, naming the part.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { generateRbacGo } from '../gotypes/rbac-go';
import { ScaffoldError } from '../scaffold/errors';
import { scaffoldProject } from '../scaffold/scaffold';
import { generateRbac, markerComment, rbacMarkers, type RbacMarker } from './rbac';
import { loadCel } from '@opstudio/cel/node';

// every export plans its graph with the CEL engine (the image form's too, docs/design/0046)
await loadCel();

const HOSTILE = ['*', 'a;b', 'a,b', 'a=b', 'a\nb', 'a\rb', 'a\u2028b', 'a b', '"a"', '', 'a/b/c', 'A'];
const ok: RbacMarker = {
  groups: ['apps'],
  resources: ['deployments'],
  verbs: ['get'],
  resourceNames: ['system:aggregate-to-edit'],
  urls: [],
};

describe('markerComment refuses a part outside Kubernetes’ grammar', () => {
  test('valid parts: core, subdomains, subresources, RBAC names with ":", URL paths', () => {
    assert.equal(
      markerComment({ ...ok, groups: ['core', 'example.com'], resources: ['memcacheds/status', 'pods'] }),
      '// +kubebuilder:rbac:groups=core;example.com,resources=memcacheds/status;pods,resourceNames=system:aggregate-to-edit,verbs=get',
    );
    assert.match(markerComment({ groups: [], resources: [], verbs: ['get'], urls: ['/metrics', '/api/*'] }), /urls=/);
  });
  for (const field of ['groups', 'resources', 'verbs', 'resourceNames', 'urls'] as const)
    for (const bad of HOSTILE) {
      // '' is the core group (controller-gen's own spelling is core), and a valid name of an RBAC object may be 'A'
      if ((field === 'groups' && bad === '') || (field === 'resourceNames' && bad === 'A')) continue;
      test(`${field} ${JSON.stringify(bad)}`, () =>
        assert.throws(
          () => markerComment({ ...ok, [field]: [bad] }),
          (err: unknown) =>
            err instanceof ScaffoldError &&
            err.message.startsWith(`the RBAC marker's ${field} "`) &&
            err.message.includes('" is not ') &&
            !/[\n\r\u2028]/.test(err.message), // one line, as every ScaffoldError
        ));
    }
  test('no verbs is refused', () => assert.throws(() => markerComment({ ...ok, verbs: [] }), /needs verbs/));
});

describe('a design that bypassed validation exports no marker and no role', () => {
  const parsed = parseDesign(readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8'));
  assert.ok(parsed.ok);
  const withChild = (apiVersion: string, kind: string): Design => {
    const design = structuredClone(parsed.design);
    const children = design.operand!.resources!;
    children.push({ id: 'evil', template: { apiVersion, kind } });
    return design;
  };
  for (const [apiVersion, kind] of [
    ['*/v1', '*;x'],
    ['apps/v1', 'X,verbs=*'],
    ['a\n// +kubebuilder:rbac:groups=*/v1', 'Pod'],
    ['v1', 'Pod\nfunc init() {}'],
  ] as const)
    test(`${JSON.stringify(apiVersion)} ${JSON.stringify(kind)}`, () => {
      const design = withChild(apiVersion, kind);
      assert.throws(() => rbacMarkers(design).map(markerComment), ScaffoldError);
      assert.throws(() => generateRbac(design), ScaffoldError);
      assert.throws(() => generateRbacGo(design), ScaffoldError);
      // the export's gate refuses it at the field before any generator runs
      assert.throws(() => scaffoldProject(design), /operand\.resources\[\d+\]\.template\.(apiVersion|kind)/);
    });
  test('the unmodified example still exports its markers', () =>
    assert.match(generateRbac(parsed.design), /^kind: ClusterRole$/m));
});
