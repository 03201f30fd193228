/// <reference types="node" />
// Which revisions can run beside the current one under its installed CRD (docs/design/0055): a
// changed image can; a changed schema or a dropped child kind must be installed instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../testing/corpus';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { revisionConflict } from './compatible';

function webapp(): Design {
  const r = parseDesign(readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8'));
  assert.ok(r.ok);
  return r.design;
}

test('a graph change rolls out; a CRD change or another set of child kinds is installed', () => {
  const current = webapp();
  const image = structuredClone(current);
  const pod = (
    image.operand?.resources?.find((r) => r.id === 'deployment')?.template as unknown as {
      spec: { template: { spec: { containers: { image: string }[] } } };
    }
  ).spec.template.spec;
  pod.containers[0]!.image = 'registry.invalid/webapp:does-not-exist';
  assert.equal(revisionConflict(current, image, 2), undefined);

  const schema = structuredClone(current);
  schema.crd.versions[0]!.printerColumns = [];
  assert.equal(
    revisionConflict(current, schema, 3),
    'revision 3 changes the CRD: install it for every resource (a rollout changes only the graph)',
  );

  const noIngress = structuredClone(current);
  noIngress.operand!.resources = noIngress.operand!.resources!.filter((r) => r.id !== 'ingress');
  assert.match(
    revisionConflict(current, noIngress, 4) ?? '',
    /^revision 4 drops networking\.k8s\.io\/v1\/Ingress among the kinds/,
  );
});
