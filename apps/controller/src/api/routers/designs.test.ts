import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESIGN_MAX_BYTES } from '@opstudio/shared/design/size-limit';
import { designsInput } from './designs';

test('designs.save refuses a design over the cap in the designer’s own words, and takes one at the cap', () => {
  const over = designsInput.save.safeParse({ name: 'big', yaml: `# ${'x'.repeat(Math.round(5.2 * 1024 * 1024))}` });
  assert.equal(over.success, false);
  assert.deepEqual(
    over.error?.issues.map((i) => [i.path.join('.'), i.message]),
    [['yaml', 'designs are limited to 4 MiB; this one is 5.2 MiB']],
  );
  // kyverno's ClusterPolicy imports to 1.1 MB: well inside
  assert.equal(designsInput.save.safeParse({ name: 'big', yaml: 'x'.repeat(DESIGN_MAX_BYTES) }).success, true);
});
