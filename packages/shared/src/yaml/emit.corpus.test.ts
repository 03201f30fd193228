/// <reference types="node" />
// Milestone: parse every conformance CRD and write it back; controller-gen files must come
// back byte for byte, the others (other writers) must at least mean the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { corpusFiles, corpusTable } from '../testing/corpus';
import { emitYaml, parseYaml } from './index';

const files = corpusFiles();

test("the corpus holds exactly the files of the README's table, with its byte-identical marks", () => {
  const table = corpusTable();
  assert.ok(table.size > 0, 'the README table lists the corpus');
  assert.deepEqual(
    files.map((f) => f.name),
    [...table.keys()].sort(),
  );
  assert.deepEqual(
    files.filter((f) => f.byteIdentical).map((f) => f.name),
    [...table]
      .filter(([, r]) => r.byteIdentical)
      .map(([n]) => n)
      .sort(),
  );
});

for (const file of files) {
  test(`parse → emit reproduces ${file.name}`, () => {
    const parsed = parseYaml(file.text);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.message);
    const out = emitYaml(parsed.value, { documentStart: file.byteIdentical });
    if (file.byteIdentical) {
      if (out !== file.text) {
        const a = out.split('\n');
        const b = file.text.split('\n');
        const i = a.findIndex((l, n) => l !== b[n]);
        assert.fail(
          `first difference at line ${i + 1}:\n ours: ${JSON.stringify(a[i])}\n file: ${JSON.stringify(b[i])}`,
        );
      }
    } else {
      const again = parseYaml(out);
      assert.ok(again.ok);
      assert.deepEqual(again.value, parsed.value);
    }
  });
}
