/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docComment } from './doc-comment';
import { commentLine, goIdentifier, goString, GoTextError, markerJson, markerLine } from './go-text';
import { keywordMarkers } from './keyword-markers';
import { bareOrQuoted } from './marker-values';

const BREAKS = ['\n', '\r', '\u0085', '\u2028', '\u2029'];
const INJECTION = 'name\n}\nfunc init() { panic(1) }\n//';

test('a comment or marker line refuses every kind of line break, and what Go source cannot hold', () => {
  for (const c of [...BREAKS, '\0', '\uFEFF', '\uD800']) {
    assert.throws(() => commentLine(`a${c}b`), GoTextError, JSON.stringify(c));
    assert.throws(() => markerLine(`+listMapKey=a${c}b`), GoTextError, JSON.stringify(c));
  }
  assert.throws(() => markerLine(`+listMapKey=${INJECTION}`), /line break/);
  assert.throws(() => markerLine('listMapKey=name'), /starts with \+/);
  assert.equal(commentLine('*/ `x` "y" } func init()'), '// */ `x` "y" } func init()');
  assert.equal(commentLine(''), '//');
  assert.equal(markerLine('+optional'), '// +optional');
});

test('Go string literals escape line breaks, NUL and BOM, and refuse lone surrogates', () => {
  assert.equal(goString('memcached:1.6'), '"memcached:1.6"');
  assert.equal(
    goString('a\nb\r\u0085\u2028\u2029\0\uFEFF"\\`'),
    '"a\\nb\\r\\u0085\\u2028\\u2029\\u0000\\ufeff\\"\\\\`"',
  );
  assert.equal(goString('é😀'), '"é😀"');
  assert.throws(() => goString('\uDC00x'), GoTextError);
  for (const c of BREAKS) assert.doesNotThrow(() => commentLine(goString(`a${c}b`)));
});

test('marker JSON stays on one line and reads back the same', () => {
  assert.equal(markerJson({ a: 'x\u2028y', b: [1, '\n'] }), '{"a":"x\\u2028y","b":[1,"\\n"]}');
  assert.equal(markerJson('\uD800'), undefined);
  assert.equal(markerJson({ '\uD800': 1 }), undefined);
});

test('bare marker values only when they are plain tokens; anything else is quoted', () => {
  assert.equal(bareOrQuoted('name'), 'name');
  assert.equal(bareOrQuoted('cache.example.com'), 'cache.example.com');
  assert.equal(bareOrQuoted('a b'), '"a b"');
  assert.equal(bareOrQuoted(INJECTION), '"name\\n}\\nfunc init() { panic(1) }\\n//"');
});

test('the injection listMapKey becomes one quoted marker line (validation refuses it before that)', () => {
  const km = keywordMarkers(
    { type: 'array', listType: 'map', listMapKeys: [INJECTION], items: { type: 'object' } },
    new Set(['type', 'items']),
  );
  const markers = km.markers.map((m) => markerLine(m.marker));
  assert.deepEqual(markers, ['// +listType=map', '// +listMapKey="name\\n}\\nfunc init() { panic(1) }\\n//"']);
});

test('every marker keyword with hostile text stays on one line', () => {
  const hostile = `x${BREAKS.join('')}\0\uFEFF*/\`"}`;
  const km = keywordMarkers(
    {
      type: 'string',
      format: hostile,
      pattern: hostile,
      title: hostile,
      enum: [hostile],
      default: hostile,
      example: hostile,
      validations: [{ rule: hostile, message: hostile, messageExpression: hostile, fieldPath: hostile }],
    },
    new Set(['type']),
  );
  assert.deepEqual(km.dropped, []);
  for (const m of km.markers) assert.doesNotThrow(() => markerLine(m.marker), m.marker);
});

test('doc comments: descriptions with any line break but \\n, NUL, a BOM or a lone surrogate are not comments', () => {
  for (const c of ['\r', '\u0085', '\u2028', '\u2029', '\0', '\uFEFF', '\uD800'])
    assert.equal(docComment(`a${c}b`).ok, false, JSON.stringify(c));
  assert.deepEqual(docComment('a\n}\nfunc init() {}'), { ok: true, lines: ['// a', '// }', '// func init() {}'] });
});

test('Go identifiers: a Kind or package name that is not one is refused', () => {
  assert.equal(goIdentifier('Memcached', 'the kind'), 'Memcached');
  assert.throws(() => goIdentifier('Memcached{}\nfunc init', 'the kind'), /the kind .* is not a Go identifier/);
});
