import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign, serializeDesign } from '../design/io';
import type { Design } from '../design/schema';
import {
  addField,
  canHoldFields,
  fieldIssuePath,
  moveField,
  nestIntoPrevious,
  nodeAt,
  removeField,
} from './field-tree';
import { record, redo, startHistory, undo } from './history';
import { designJsonSchema } from './json-schema';
import { locateDesignPath } from './locate';
import { computePreviews } from './previews';
import { checkDesignValue } from './validate';
import { kindKeywords } from '../design/kinds';

// the image form's preview is its one-Deployment graph, planned with CEL as every design's (docs/design/0049)
await loadCel();

const text = readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8');
const memcached = (): Design => {
  const r = parseDesign(text);
  if (!r.ok) throw new Error('memcached example does not parse');
  return r.design;
};
const spec = { version: 0, path: [0] };

test('field tree: add, move, nest and remove, leaving other nodes shared', () => {
  const d = memcached();
  const { design: added, added: at } = addField(d, spec, { name: 'replicasLabel', type: 'string' });
  assert.deepEqual(at.path, [0, 2]);
  assert.equal(fieldIssuePath(added, at), 'versions[v1alpha1].spec.replicasLabel');
  assert.equal(added.crd.versions[0]!.schema!.fields![1], d.crd.versions[0]!.schema!.fields![1], 'status untouched');
  const { design: moved, moved: up } = moveField(added, at, -1);
  assert.deepEqual(
    nodeAt(moved, spec)!.fields!.map((f) => f.name),
    ['size', 'replicasLabel', 'containerPort'],
  );
  const withObj = addField(moved, spec, { name: 'tls', type: 'object', fields: [] });
  const nested = nestIntoPrevious(withObj.design, { version: 0, path: [0, 2] });
  assert.equal(nested.design, withObj.design, 'containerPort does not nest into the string above it');
  const gone = removeField(moved, up);
  assert.deepEqual(
    nodeAt(gone, spec)!.fields!.map((f) => f.name),
    ['size', 'containerPort'],
  );
  assert.match(serializeDesign(added), /name: replicasLabel\n {10}type: string/);
});

test('nest moves a field into the object above it', () => {
  const d = addField(memcached(), spec, { name: 'tls', type: 'object', fields: [] }).design;
  const withLeaf = addField(d, spec, { name: 'secretName', type: 'string' }).design;
  const { design, moved } = nestIntoPrevious(withLeaf, { version: 0, path: [0, 3] });
  assert.equal(fieldIssuePath(design, moved), 'versions[v1alpha1].spec.tls.secretName');
});

test('history coalesces one input and undoes/redoes whole steps', () => {
  let h = startHistory('a');
  h = record(h, 'ab', 'kind', 1000);
  h = record(h, 'abc', 'kind', 1200);
  h = record(h, 'abcd', 'group', 1300);
  assert.deepEqual(h.past, ['a', 'abc']);
  h = undo(h);
  assert.equal(h.present, 'abc');
  h = undo(h);
  assert.equal(h.present, 'a');
  h = redo(h);
  assert.equal(h.present, 'abc');
  h = record(h, 'x', 'kind', 5000);
  assert.deepEqual(h.future, []);
});

test('issue paths are located in the YAML text', () => {
  const at = (p: string) => {
    const r = locateDesignPath(text, p);
    return r === undefined ? undefined : text.slice(r.start, r.end);
  };
  assert.equal(at('versions[v1alpha1].spec.size.default'), 'default: 1');
  assert.equal(at('versions[v1alpha1].spec.size'), 'name: size');
  assert.equal(at('crd.names.kind'), 'kind: Memcached');
  assert.equal(at('versions[v1alpha1].status.nodes.items.type'), 'type: string');
  assert.equal(at('operand.replicasField'), 'replicasField: spec.size');
  assert.equal(at('versions[v1alpha1].subresources.status'), 'status: true');
  assert.equal(at('versions[v1alpha1].spec.nothere.minimum'), 'name: spec', 'the deepest part that resolves');
  assert.equal(locateDesignPath('a: [', 'crd'), undefined);
});

test('the JSON schema describes the design with hover texts', () => {
  const s = JSON.stringify(designJsonSchema());
  assert.match(s, /"replicasField":\{"type":"string","description":"Dotted path/);
  assert.match(s, /draft-07/);
});

test('previews and checks of the memcached design', () => {
  const d = memcached();
  const p = computePreviews(d);
  assert.ok(p.crd.ok && p.crd.text.startsWith('---\napiVersion: apiextensions.k8s.io/v1'));
  assert.ok(p.deployment.ok && /image: memcached:1.6.26-alpine3.19/.test(p.deployment.text));
  assert.match(
    p.deployment.text,
    /^# deployment \(Deployment\)\n[\s\S]*\n {2}replicas: 1\n[\s\S]*app.kubernetes.io\/managed-by: MemcachedController/,
  );
  assert.ok(p.goTypes.ok && p.goTypes.files.some((f) => f.path.endsWith('memcached_types.go')));
  assert.deepEqual(checkDesignValue(d).issues, []);
  const bad = { ...d, crd: { ...d.crd, names: { ...d.crd.names, kind: 'memcached' } } };
  const check = checkDesignValue(bad);
  assert.equal(check.ok, false);
  assert.deepEqual(
    check.issues.map((i) => i.path),
    ['crd.names.kind'],
  );
});

test('Add field never nests under a quantity or an int-or-string, nor turns one into an object (issue 30, point 6)', () => {
  assert.equal(canHoldFields(kindKeywords('quantity')), false);
  assert.equal(canHoldFields(kindKeywords('int-or-string')), false);
  assert.equal(canHoldFields(kindKeywords('map')), false);
  assert.equal(canHoldFields(kindKeywords('conditions')), false);
  assert.equal(canHoldFields(kindKeywords('object')), true);
  assert.equal(canHoldFields({}), true, 'a field with no shape yet becomes an object');
  assert.equal(canHoldFields({ oneOf: [{ type: 'string' }] }), false);
});
