/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { corpusFiles } from '../testing/corpus';
import { compareKubeVersions, diffServedVersions } from './diff';
import { crd, version } from './diff-fixtures';
import type { CustomResourceDefinition } from './types';

describe('diffServedVersions (OLM served-version check)', () => {
  test('Kubernetes version order', () => {
    const names = ['v2', 'v1', 'v1beta1', 'foo', 'v1alpha1', 'v2alpha1', 'v1beta2', 'v10'];
    assert.deepEqual(names.sort(compareKubeVersions), [
      'foo',
      'v1alpha1',
      'v2alpha1',
      'v1beta1',
      'v1beta2',
      'v1',
      'v2',
      'v10',
    ]);
  });
  test('a field dropped from the newer served version is breaking', () => {
    const c = crd({ size: { type: 'integer' } }, (x) =>
      x.spec.versions.unshift(
        version('v1beta1', { size: { type: 'integer' }, legacy: { type: 'string' } }, { storage: false }),
      ),
    );
    assert.deepEqual(
      diffServedVersions(c).map((ch) => [ch.path, ch.rule, ch.severity]),
      [['v1beta1→v1: .spec.legacy', 'existingFieldRemoval', 'breaking']],
    );
  });
  test('unserved versions and webhook conversion are not compared', () => {
    const c = crd({}, (x) =>
      x.spec.versions.push(version('v1beta1', { other: { type: 'string' } }, { storage: false, served: false })),
    );
    assert.deepEqual(diffServedVersions(c), []);
    const w = crd({}, (x) => {
      x.spec.versions.push(version('v2', { other: { type: 'string' } }, { storage: false }));
      x.spec.conversion = { strategy: 'Webhook' };
    });
    assert.deepEqual(diffServedVersions(w), []);
  });
  test('gateway-api serves v1beta1 and v1 with compatible schemas', () => {
    const file = corpusFiles().find((f) => f.name.startsWith('gateway-api__httproutes'));
    const doc = parse(file?.text ?? '') as CustomResourceDefinition;
    assert.equal(diffServedVersions(doc).filter((c) => c.severity === 'breaking').length, 0);
  });
});
