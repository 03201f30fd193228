/// <reference types="node" />
// The conformance round trip in one process: import → design YAML → parse → generate must give
// back every corpus CRD (byte for byte where the README says so, else the same object).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusFiles } from '../testing/corpus';
import { parseDesign, serializeDesign } from '../design/io';
import { parseYaml } from '../yaml/parse';
import { generateCrd } from './generate';
import { importCrd } from './import';

function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  const i = al.findIndex((l, n) => l !== bl[n]);
  return `line ${i + 1}:\n ours: ${JSON.stringify(al[i])}\n file: ${JSON.stringify(bl[i])}`;
}

for (const file of corpusFiles()) {
  test(`round trip reproduces ${file.name}`, () => {
    const imported = importCrd(file.text);
    assert.ok(imported.ok, imported.ok ? '' : JSON.stringify(imported.errors.slice(0, 5)));
    const text = serializeDesign(imported.design);
    assert.ok(!text.includes('openAPIV3Schema'), 'the design must not embed the CRD');
    const reread = parseDesign(text);
    assert.ok(reread.ok, reread.ok ? '' : JSON.stringify(reread.errors.slice(0, 5)));
    const crd = generateCrd(reread.design);
    if (file.byteIdentical) {
      if (crd !== file.text) assert.fail(firstDifference(crd, file.text));
    } else {
      const a = parseYaml(crd);
      const b = parseYaml(file.text);
      assert.ok(a.ok && b.ok);
      assert.deepEqual(a.value, b.value);
    }
  });
}
