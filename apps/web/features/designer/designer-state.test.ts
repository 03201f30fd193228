import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { designerReducer, designerText, initDesigner } from './designer-state';
import { jsonInputText, parseJsonInput } from './json-input';
import { normalizeList } from './list-input';

const yaml = readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8');
const parsed = parseDesign(yaml);
if (!parsed.ok) throw new Error('the memcached example does not parse');
const memcached: Design = parsed.design;
const rename =
  (kind: string) =>
  (d: Design): Design => ({ ...d, crd: { ...d.crd, names: { ...d.crd.names, kind } } });

test('a form edit rewrites the YAML; undo and redo bring both back', () => {
  let s = initDesigner({ design: memcached, version: 1 });
  assert.equal(designerText(s), yaml, 'the example is in canonical form');
  s = designerReducer(s, { type: 'edit', next: rename('Cache'), group: 'kind', at: 1 });
  assert.match(designerText(s), /^ {4}kind: Cache$/m);
  s = designerReducer(s, { type: 'undo' });
  assert.equal(designerText(s), yaml);
  s = designerReducer(s, { type: 'redo' });
  assert.equal(s.history.present.crd.names.kind, 'Cache');
});

test('YAML that does not parse keeps the last good design and the typed text', () => {
  let s = initDesigner({ design: memcached, version: 1 });
  const broken = yaml.replace('kind: Memcached', 'kind: Memcached: [');
  s = designerReducer(s, { type: 'text', text: broken, at: 1 });
  assert.equal(s.text, broken, 'nothing the user typed is lost');
  assert.equal(s.history.present, memcached);
  assert.ok(s.textIssues !== null && s.textErrorLine === 10, `line ${s.textErrorLine}`);
  // a valid shape error (lowercase kind) is reported at its path, design unchanged
  s = designerReducer(s, { type: 'text', text: yaml.replace('  scope: Namespaced', '  scope: Everywhere'), at: 2 });
  assert.deepEqual(
    s.textIssues?.map((i) => i.path),
    ['crd.scope'],
  );
  s = designerReducer(s, { type: 'text', text: yaml.replace('kind: Memcached', 'kind: Shelf'), at: 3 });
  assert.equal(s.textIssues, null);
  assert.equal(s.history.present.crd.names.kind, 'Shelf');
  assert.equal(s.history.past.length, 1);
});

test('saving marks the saved design; a later edit makes it dirty again', () => {
  let s = initDesigner({ design: memcached, version: 1 });
  s = designerReducer(s, { type: 'edit', next: rename('Cache'), group: null, at: 1 });
  assert.notEqual(s.history.present, s.saved);
  s = designerReducer(s, { type: 'saved', design: s.history.present, version: 2 });
  assert.equal(s.history.present, s.saved);
  assert.equal(s.savedVersion, 2);
});

test('JSON inputs and list inputs round-trip what the user types', () => {
  assert.equal(parseJsonInput('3'), 3);
  assert.equal(parseJsonInput('"3"'), '3');
  assert.equal(parseJsonInput('hello'), 'hello');
  assert.equal(parseJsonInput(' '), undefined);
  assert.equal(jsonInputText('3'), '"3"', 'a string that reads as a number keeps its quotes');
  assert.equal(jsonInputText('hello'), 'hello');
  assert.equal(jsonInputText({ a: 1 }), '{"a":1}');
  // an integer beyond 2^53 stays exact, alone or inside a list (docs/design/0044)
  assert.equal(parseJsonInput('9223372036854775807'), 9223372036854775807n);
  assert.deepEqual(parseJsonInput('[9223372036854775807, 1]'), [9223372036854775807n, 1]);
  assert.equal(jsonInputText(9223372036854775807n), '9223372036854775807');
  assert.equal(jsonInputText({ a: [9223372036854775807n] }), '{"a":[9223372036854775807]}');
  assert.equal(normalizeList('mc, '), 'mc');
  assert.equal(normalizeList(' a ,b'), 'a, b');
});

test('sync-text: the editor taking focus before the serialized text arrived types into the current design', () => {
  let s = initDesigner({ design: memcached, version: 1 });
  s = designerReducer(s, { type: 'edit', next: rename('Cache'), group: 'kind', at: 1 });
  assert.equal(s.text, null, 'a form edit leaves the text to the worker');
  s = designerReducer(s, { type: 'sync-text' });
  assert.match(s.text ?? '', /^ {4}kind: Cache$/m, 'the text is the current design at once');
  // a keystroke in that text keeps the form's edit
  s = designerReducer(s, { type: 'text', text: (s.text ?? '').replace('size', 'sizes'), at: 2 });
  assert.equal(s.history.present.crd.names.kind, 'Cache');
  const again = designerReducer(s, { type: 'sync-text' });
  assert.equal(again, s, 'typed text is never replaced');
});

test('text that fails a shape check keeps the design, and hands the other checks a stand-in (issue 30, point 6)', () => {
  let s = initDesigner({ design: memcached, version: 1 });
  s = designerReducer(s, { type: 'text', text: yaml.replace('scope: Namespaced', 'scope: cluster'), at: 1 });
  assert.equal(s.history.present, memcached, 'the design stays at the last good state');
  assert.match(s.textIssues?.[0]?.message ?? '', /Namespaced|Cluster/);
  assert.equal(s.standIn?.design.crd.scope, 'Cluster', 'the allowed value it differs from only in case');
  assert.deepEqual(s.standIn?.paths, ['crd.scope']);
  s = designerReducer(s, { type: 'text', text: yaml, at: 2 });
  assert.equal(s.standIn, null);
});
