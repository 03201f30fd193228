/// <reference types="node" />
// The keystroke caches (keyword markers, Go names, go-yaml key order, scalar styles) are keyed
// by content: an edit must change the output at once, on the same process-wide caches, and an
// edit undone must give the first output back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateCrd } from '../crd/generate';
import type { FieldNode, NamedField } from '../design/field';
import type { Design } from '../design/schema';
import { emitYaml } from '../yaml/emit';
import { sortedKeys } from '../yaml/go-sort';
import { generateGoTypes } from './generate';
import { keywordMarkers } from './keyword-markers';

function design(fields: NamedField[]): Design {
  return {
    apiVersion: 'studio.opstudio.dev/v1alpha1',
    kind: 'OperatorDesign',
    project: { domain: 'example.com', repo: 'github.com/example/w', projectName: 'w' },
    crd: {
      group: 'apps',
      names: { kind: 'Widget' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { type: 'object', fields: [{ name: 'spec', type: 'object', fields }] },
        },
      ],
    },
  };
}

const types = (d: Design): string => generateGoTypes(d).files.get('api/v1/widget_types.go')!;

test('an edited keyword gives new markers and a new CRD, and undoing it gives the old ones back', () => {
  const before = design([{ name: 'size', type: 'integer', format: 'int32', minimum: 1 }]);
  const after = design([{ name: 'size', type: 'integer', format: 'int32', minimum: 2 }]);
  const [goBefore, crdBefore] = [types(before), generateCrd(before)];
  assert.match(goBefore, /Minimum=1\n/);
  assert.match(types(after), /Minimum=2\n/);
  assert.match(generateCrd(after), /minimum: 2\n/);
  assert.equal(types(before), goBefore);
  assert.equal(generateCrd(before), crdBefore);
});

test('a string "1" and a number 1 are different examples, Infinity and null different defaults', () => {
  const consumed = new Set<keyof FieldNode>(['type']);
  const str = keywordMarkers({ type: 'string', example: '1' }, consumed).markers.map((m) => m.marker);
  const num = keywordMarkers({ type: 'string', example: 1 }, consumed).markers.map((m) => m.marker);
  assert.deepEqual(str, ['+kubebuilder:example="1"']);
  assert.deepEqual(num, ['+kubebuilder:example=1']);
  assert.equal(keywordMarkers({ type: 'string', default: null }, consumed).dropped.length, 1);
  assert.equal(keywordMarkers({ type: 'string', default: Infinity }, consumed).dropped.length, 0);
});

test('a renamed field gets its new Go name', () => {
  assert.match(types(design([{ name: 'replicaCount', type: 'string' }])), /\tReplicaCount string/);
  assert.match(types(design([{ name: 'replicaTotal', type: 'string' }])), /\tReplicaTotal string/);
  assert.match(types(design([{ name: 'replicaCount', type: 'string' }])), /\tReplicaCount string/);
});

test('key order is per key set, and a caller may change the array it gets', () => {
  const first = sortedKeys({ b: 1, a10: 2, a2: 3 });
  assert.deepEqual(first, ['a2', 'a10', 'b']);
  first.reverse();
  assert.deepEqual(sortedKeys({ b: 1, a10: 2, a2: 3 }), ['a2', 'a10', 'b']);
  assert.deepEqual(sortedKeys({ b: 1, a10: 2, a2: 3, '': 4 }), ['', 'a2', 'a10', 'b']);
});

test('a scalar keeps its own style whatever was written before it', () => {
  assert.equal(
    emitYaml({ a: 'true', b: 'yes please', c: 'x: y', d: 'two\nlines' }),
    'a: "true"\nb: yes please\nc: \'x: y\'\nd: |-\n  two\n  lines\n',
  );
  assert.equal(emitYaml({ a: 'x: y', b: 'true' }), 'a: \'x: y\'\nb: "true"\n');
});
