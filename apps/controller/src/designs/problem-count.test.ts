import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { serializeDesign } from '@opstudio/shared/design/io';
import { updateField } from '@opstudio/shared/designer/field-tree';
import { parseDesignOrThrow } from './parse';
import { designErrorCount } from './problem-count';

const text = readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8');

test('the Designs list counts a saved design’s errors: none for the example, some for bounds no value meets', () => {
  const design = parseDesignOrThrow(text);
  assert.equal(designErrorCount(text, design), 0);
  const bad = updateField(design, { version: 0, path: [0, 0] }, (n) => ({ ...n, minimum: 10, maximum: 1 }));
  const yaml = serializeDesign(bad);
  const errors = designErrorCount(yaml, parseDesignOrThrow(yaml));
  assert.ok(errors >= 1, 'minimum 10 with maximum 1 (and the default 1 below the minimum)');
  assert.equal(designErrorCount(yaml, design), errors, 'remembered by the YAML (a version never changes)');
});
