import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import { designerReducer, designerText, initDesigner } from './designer-state';

const yaml = readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8');
const parsed = parseDesign(yaml);
if (!parsed.ok) throw new Error('the memcached example does not parse');

test('text over the design cap is kept, not parsed, and says the limit; a fitting text clears it', () => {
  let s = initDesigner({ design: parsed.design, version: 1 });
  // YAML that does not parse at its end: had the reducer parsed the megabytes, its issues would say so
  const big = `${yaml}# ${'x'.repeat(Math.round(5.2 * 1024 * 1024))}\nbroken: [\n`;
  s = designerReducer(s, { type: 'text', text: big, at: 1 });
  assert.equal(designerText(s), big, 'nothing lost');
  assert.equal(s.tooLarge, 'designs are limited to 4 MiB; this one is 5.2 MiB');
  assert.deepEqual(s.textIssues, [{ path: '', message: s.tooLarge, severity: 'error' }], 'no parse of megabytes');
  assert.equal(s.history.present, parsed.design, 'the form keeps the last good design');
  s = designerReducer(s, { type: 'text', text: yaml.replace('kind: Memcached', 'kind: Cache'), at: 2 });
  assert.equal(s.tooLarge, null);
  assert.equal(s.textIssues, null);
  assert.equal(s.history.present.crd.names.kind, 'Cache');
});
