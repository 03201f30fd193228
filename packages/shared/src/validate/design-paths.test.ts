/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { designIssuePath } from './design-paths';

const rows: [crdPath: string, designPath: string][] = [
  ['v1: .', 'versions[v1].schema'],
  ['v1: .spec.size', 'versions[v1].spec.size'],
  ['v1: .spec.ports[*].name', 'versions[v1].spec.ports.items.name'],
  ['v1: .spec.labels.*', 'versions[v1].spec.labels.additionalProperties'],
  ['v1: .spec["my.field"].x', 'versions[v1].spec["my.field"].x'],
  ['v1: .spec.max-surge', 'versions[v1].spec.max-surge'],
  ['v1: . x-kubernetes-validations[0]', 'versions[v1].schema.validations[0]'],
  ['v1: .spec.ports[*] x-kubernetes-validations[2]', 'versions[v1].spec.ports.items.validations[2]'],
  ['v1: .spec anyOf[0].properties.name', 'versions[v1].spec.anyOf[0].properties.name'],
  ['v1: .spec not', 'versions[v1].spec.not'],
  ['v1: .metadata', 'versions[v1].metadata'],
  ['v1: additionalPrinterColumns[3]', 'versions[v1].printerColumns[3]'],
  ['v1: subresources.scale', 'versions[v1].subresources.scale'],
  ['v1: selectableFields[0]', 'versions[v1].selectableFields[0]'],
  ['.spec.versions[1].name', 'versions[v2].name'],
  ['.spec.versions', 'versions'],
  ['.spec.names.shortNames[0]', 'crd.names.shortNames[0]'],
  ['.spec.group', 'crd.group'],
  ['.spec.scope', 'crd.scope'],
  ['.metadata.name', 'crd.names.plural'],
];

for (const [from, to] of rows) test(`${from} → ${to}`, () => assert.equal(designIssuePath(from, ['v1', 'v2']), to));
