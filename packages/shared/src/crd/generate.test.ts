/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CORPUS_DIR } from '../testing/corpus';
import type { Design } from '../design/schema';
import { parseYaml } from '../yaml/parse';
import { generateCrd } from './generate';
import { importCrd } from './import';
import type { CustomResourceDefinition } from './types';
import { API_VERSION_PROPERTY, CONDITION_ITEM, KIND_PROPERTY, METADATA_PROPERTY } from './standard';

const design: Design = {
  apiVersion: 'studio.opstudio.dev/v1alpha1',
  kind: 'OperatorDesign',
  project: { domain: 'example.com', repo: 'github.com/example/p', projectName: 'p' },
  crd: {
    group: 'cache',
    names: { kind: 'Policy' },
    scope: 'Cluster',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { type: 'object', fields: [{ name: 'spec', type: 'object' }] },
      },
    ],
  },
};

test('a new design gets the v0.21.0 stamp, derived names and the standard root fields', () => {
  assert.equal(
    generateCrd(design),
    `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    controller-gen.kubebuilder.io/version: v0.21.0
  name: policies.cache.example.com
spec:
  group: cache.example.com
  names:
    kind: Policy
    listKind: PolicyList
    plural: policies
    singular: policy
  scope: Cluster
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          apiVersion:
            description: |-
              APIVersion defines the versioned schema of this representation of an object.
              Servers should convert recognized schemas to the latest internal value, and
              may reject unrecognized values.
              More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
            type: string
          kind:
            description: |-
              Kind is a string value representing the REST resource this object represents.
              Servers may infer this from the endpoint the client submits requests to.
              Cannot be updated.
              In CamelCase.
              More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
            type: string
          metadata:
            type: object
          spec:
            type: object
        type: object
    served: true
    storage: true
`,
  );
});

test('controllerGenVersion keeps an imported stamp, and null leaves the annotation out', () => {
  const kept = generateCrd({ ...design, crd: { ...design.crd, controllerGenVersion: '(devel)' } });
  assert.match(kept, /controller-gen\.kubebuilder\.io\/version: \(devel\)\n/);
  const none = generateCrd({ ...design, crd: { ...design.crd, controllerGenVersion: null } });
  assert.ok(!none.includes('annotations'));
});

test('the standard schemas are exactly what controller-gen v0.21.0 wrote in the Memcached CRD', () => {
  const parsed = parseYaml(readFileSync(`${CORPUS_DIR}/kubebuilder__memcacheds.cache.example.com.yaml`, 'utf8'));
  assert.ok(parsed.ok);
  const props = (parsed.value as unknown as CustomResourceDefinition).spec.versions[0]!.schema!.openAPIV3Schema!
    .properties!;
  assert.deepEqual(props.apiVersion, API_VERSION_PROPERTY);
  assert.deepEqual(props.kind, KIND_PROPERTY);
  assert.deepEqual(props.metadata, METADATA_PROPERTY);
  assert.deepEqual(props.status!.properties!.conditions!.items, CONDITION_ITEM);
});

test('import reports what it keeps raw, with paths, and still regenerates exactly', () => {
  const crd = generateCrd(design).replace(
    '          spec:\n            type: object\n',
    "          spec:\n            $ref: '#/x'\n            type: object\n",
  );
  const r = importCrd(crd);
  assert.ok(r.ok);
  assert.deepEqual(r.unrepresentable, [
    {
      path: 'spec.versions[0].schema.openAPIV3Schema.properties.spec.$ref',
      reason: 'kept as raw schema: the design form does not model this keyword or value',
    },
  ]);
  assert.equal(generateCrd(r.design), crd);
});

test('import refuses what is not a v1 CRD with a message, never an exception', () => {
  for (const text of [
    '',
    'kind: Deployment\n',
    'apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\n',
    '{',
    'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {}\nspec: {group: x, names: {kind: X}, versions: []}\n',
  ]) {
    const r = importCrd(text);
    assert.ok(!r.ok, text);
    assert.ok(r.errors[0]!.message.length > 0);
  }
});
