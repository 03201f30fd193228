import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importCrd } from '@opstudio/shared/crd/import';
import type { NamedField } from '@opstudio/shared/design/field';
import { flattenFields } from './field-rows';

test('rows come depth first with their depth, ARIA position, address and issue path', () => {
  const fields: NamedField[] = [
    {
      name: 'spec',
      type: 'object',
      fields: [
        { name: 'size', type: 'integer' },
        { name: 'ports', type: 'array', items: { type: 'object', fields: [{ name: 'my port', type: 'integer' }] } },
      ],
    },
    { name: 'status', type: 'object', additionalProperties: { type: 'string' } },
  ];
  const rows = flattenFields(fields, 'versions[v1]');
  assert.deepEqual(
    rows.map((r) => [r.pathKey, r.issuePath, r.depth, r.posinset, r.setsize, r.siblings, r.hasChildren]),
    [
      ['0', 'versions[v1].spec', 0, 1, 2, 2, true],
      ['0/0', 'versions[v1].spec.size', 1, 1, 2, 2, false],
      ['0/1', 'versions[v1].spec.ports', 1, 2, 2, 2, true],
      ['0/1/items', 'versions[v1].spec.ports.items', 2, 1, 1, 0, true],
      ['0/1/items/0', 'versions[v1].spec.ports.items["my port"]', 3, 1, 1, 1, false],
      ['1', 'versions[v1].status', 0, 2, 2, 2, true],
      ['1/additionalProperties', 'versions[v1].status.additionalProperties', 1, 1, 1, 0, false],
    ],
  );
});

test("kyverno's ClusterPolicy flattens to its ~1,800 rows", () => {
  const crd = readFileSync(
    new URL('../../../../../shared/conformance/crds/kyverno__clusterpolicies.kyverno.io.yaml', import.meta.url),
    'utf8',
  );
  const imported = importCrd(crd);
  assert.ok(imported.ok);
  const version = imported.design.crd.versions.findIndex((v) => v.storage);
  const fields = imported.design.crd.versions[version]?.schema?.fields ?? [];
  const started = performance.now();
  const rows = flattenFields(fields, 'versions[v1]');
  const ms = performance.now() - started;
  assert.ok(rows.length > 1_000, `${rows.length} rows`);
  console.log(`kyverno: ${rows.length} rows flattened in ${ms.toFixed(1)} ms`);
});
