import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import { computePreviews } from '@opstudio/shared/designer/previews';
import { checkDesignValue } from '@opstudio/shared/designer/validate';

// the previews worker sends the CRD object back as JSON (previews.worker.ts): the checks must
// find the same problems with the parsed copy as with the object itself
test('the checks read a JSON copy of the CRD object as they read the object', () => {
  const dir = new URL('../../../../examples/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.design.yaml'));
  assert.ok(files.length > 0);
  for (const file of files) {
    const parsed = parseDesign(readFileSync(new URL(file, dir), 'utf8'));
    if (!parsed.ok) continue;
    // and a broken variant: minimum above maximum, a bad pattern
    const broken = structuredClone(parsed.design);
    const spec = broken.crd.versions[0]?.schema?.fields?.find((f) => f.name === 'spec');
    spec?.fields?.push({ name: 'broken', type: 'integer', minimum: 10, maximum: 1 } as never);
    for (const design of [parsed.design, broken]) {
      const { crdObject } = computePreviews(design);
      const copy = crdObject === undefined ? undefined : (JSON.parse(JSON.stringify(crdObject)) as typeof crdObject);
      assert.deepEqual(checkDesignValue(design, copy).issues, checkDesignValue(design, crdObject).issues, file);
    }
  }
});
