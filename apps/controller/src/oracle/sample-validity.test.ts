// Issue 15, point 8: the sample custom resource of a design validates against the design's own
// CRD — required fields filled from their default, example or enum, or a value that fits their
// format, pattern and bounds. Checked with the studio's value validator (the API server's rules)
// and the CEL module (its validation rules) for every example design and for random designs;
// sample-dry-run.int.test.ts asks the API server.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { crdObject } from '@opstudio/shared/crd/generate';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { sampleResource, storageVersion } from '@opstudio/shared/manifests/sample';
import { validateDesign } from '@opstudio/shared/validate/design';
import { validateSample } from '@opstudio/shared/validate/sample';
import type { JSONValue } from '@opstudio/shared/crd/types';
import { coherentDesigns } from './coherent-designs';

const examples = path.resolve(import.meta.dirname, '../../../../examples');
// the samples' CEL rules run too, by the API server's own validator (the CEL module)
await loadCel();

export function sampleProblems(design: Design): string[] {
  const crd = crdObject(design);
  const name = storageVersion(design).name;
  const schema = crd.spec.versions.find((v) => v.name === name)?.schema?.openAPIV3Schema;
  return validateSample(name, schema, sampleResource(design) as JSONValue)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.path}: ${i.message}`);
}

for (const file of readdirSync(examples).filter((f) => f.endsWith('.design.yaml')))
  test(`the sample of ${file} validates against its own CRD`, () => {
    const parsed = parseDesign(readFileSync(path.join(examples, file), 'utf8'));
    assert.ok(parsed.ok);
    assert.deepEqual(sampleProblems(parsed.design), []);
  });

test('the sample of 25 random coherent designs validates against its own CRD', () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const designs = coherentDesigns(25, seed);
  for (const d of designs) {
    assert.deepEqual(
      validateDesign(d).filter((i) => i.severity === 'error'),
      [],
      'the generator made an invalid design',
    );
    assert.deepEqual(sampleProblems(d), [], `seed ${seed}: ${JSON.stringify(d.crd.versions[0]?.schema)}`);
  }
});
