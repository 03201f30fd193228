import assert from 'node:assert/strict';
import { test } from 'node:test';
import { designPathOfServerField } from './field-paths';

const rows: [server: string, design: string][] = [
  [
    'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].x-kubernetes-validations[0].rule',
    'versions[v1alpha1].spec.size.validations[0].rule',
  ],
  [
    'spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[ports].items.properties[name].pattern',
    'versions[v1].spec.ports.items.name.pattern',
  ],
  [
    'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[labels].additionalProperties.maxLength',
    'versions[v1alpha1].spec.labels.additionalProperties.maxLength',
  ],
  [
    'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[my.field].default',
    'versions[v1alpha1].spec["my.field"].default',
  ],
  [
    'spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].rule',
    'versions[v1alpha1].schema.validations[0].rule',
  ],
  ['spec.versions[0].additionalPrinterColumns[1].jsonPath', 'versions[v1alpha1].printerColumns[1].jsonPath'],
  ['spec.versions[1]', 'versions[v1]'],
  [
    'spec.validation.openAPIV3Schema.properties[status].properties[nodes].x-kubernetes-validations[0].rule',
    'versions[v1alpha1].status.nodes.validations[0].rule',
  ],
  ['spec.names.plural', 'crd.names.plural'],
  ['spec.scope', 'crd.scope'],
  ['metadata.name', 'crd.names.plural'],
  ['status.storedVersions', 'status.storedVersions'],
];

for (const [from, to] of rows)
  test(`${from} → ${to}`, () => assert.equal(designPathOfServerField(from, ['v1alpha1', 'v1']), to));
