import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { toResourceKind } from './kinds';
import { widgetCrd } from '../../testing/resources';

const crd = (mutate: (c: ReturnType<typeof widgetCrd>) => void = () => undefined) => {
  const c = widgetCrd('cache.example.com');
  mutate(c);
  return c as unknown as CustomResourceDefinition;
};

test('a CRD the studio did not install: no design, the storage version shown with its columns and schema', () => {
  const k = toResourceKind(crd());
  assert.equal(k.name, 'widgets.cache.example.com');
  assert.equal(k.version, 'v1');
  assert.equal(k.designId, null);
  assert.equal(k.established, false, 'no Established condition yet');
  assert.deepEqual(k.printerColumns[0], { name: 'Size', type: 'integer', priority: 0, jsonPath: '.spec.size' });
  assert.equal(k.schema?.type, 'object');
  assert.deepEqual(k.shortNames, ['wix']);
  assert.equal(k.listKind, 'WidgetList');
});

test('the studio label and pinned version, and the served storage version preferred', () => {
  const k = toResourceKind(
    crd((c) => {
      Object.assign(c.metadata, {
        labels: { 'studio.opstudio.dev/design': 'd1' },
        annotations: { 'studio.opstudio.dev/design-version': '4' },
      });
      const v1 = c.spec.versions[0];
      if (v1 === undefined) return;
      c.spec.versions = [
        { ...v1, name: 'v1alpha1', storage: false },
        { ...v1, additionalPrinterColumns: [] },
      ];
      Object.assign(c, { status: { conditions: [{ type: 'Established', status: 'True' }] } });
    }),
  );
  assert.equal(k.designId, 'd1');
  assert.equal(k.designVersion, 4);
  assert.equal(k.version, 'v1');
  assert.deepEqual(k.printerColumns, [], "the shown version's columns");
  assert.deepEqual(
    k.versions.map((v) => `${v.name}:${v.storage}`),
    ['v1alpha1:false', 'v1:true'],
  );
  assert.equal(k.established, true);
});

test('no served version: nothing to show', () => {
  const k = toResourceKind(
    crd((c) => {
      const v1 = c.spec.versions[0];
      if (v1 !== undefined) c.spec.versions = [{ ...v1, served: false }];
    }),
  );
  assert.equal(k.version, null);
  assert.equal(k.schema, null);
});
