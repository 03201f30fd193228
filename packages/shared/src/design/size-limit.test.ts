import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_BODY_LIMIT } from '../security/body-limit';
import { DESIGN_MAX_BYTES, designSizeProblem, designTooLargeMessage, utf8Length } from './size-limit';

test('the design cap fits inside the request body cap, with room for the JSON around it', () => {
  assert.equal(DESIGN_MAX_BYTES, 4 * 1024 * 1024);
  assert.ok(DESIGN_MAX_BYTES * 1.5 < DEFAULT_BODY_LIMIT);
});

test('utf8Length counts bytes as TextEncoder does', () => {
  for (const s of ['', 'abc', 'é', '€uro', '😀', 'a\ud800b', 'x'.repeat(1000) + 'ü']) {
    assert.equal(utf8Length(s), new TextEncoder().encode(s).length, JSON.stringify(s.slice(0, 10)));
  }
});

test('a design over the cap is refused in words that name both sizes', () => {
  assert.equal(
    designTooLargeMessage(Math.round(5.2 * 1024 * 1024)),
    'designs are limited to 4 MiB; this one is 5.2 MiB',
  );
  assert.equal(designSizeProblem('x'.repeat(DESIGN_MAX_BYTES)), null);
  assert.equal(
    designSizeProblem('x'.repeat(DESIGN_MAX_BYTES + 1)),
    'designs are limited to 4 MiB (4194304 bytes); this one is 4194305 bytes',
  );
  // near the cap only multi-byte characters push it over
  const wide = 'é'.repeat(DESIGN_MAX_BYTES / 2 + 1);
  assert.equal(designSizeProblem(wide), 'designs are limited to 4 MiB (4194304 bytes); this one is 4194306 bytes');
  assert.equal(designSizeProblem('é'.repeat(DESIGN_MAX_BYTES / 2)), null);
  assert.equal(designSizeProblem('small'), null);
});
