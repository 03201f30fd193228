/// <reference types="node" />
// controller-gen reads a field's description back from its Go comment (markers/zip.go
// extractDoc): each case here is one of its rules. The oracle test runs the real thing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docComment } from './doc-comment';

test('lines become `// line`, blank lines `//`', () => {
  assert.deepEqual(docComment('one\n\n two\n\tthree'), { ok: true, lines: ['// one', '//', '//  two', '// \tthree'] });
  assert.deepEqual(docComment(undefined), { ok: true, lines: [] });
});

test('inside a code fence, --- and TODO lines are kept', () => {
  assert.equal(docComment('a\n```\n--- x\nTODO y\n```').ok, true);
});

const REFUSED: [string, string | undefined, RegExp][] = [
  ['empty', '', /empty description/],
  ['trailing space', 'a \nb', /end of a line/],
  ['leading blank line', '\na', /blank lines at the start and end/],
  ['trailing newline', 'a\n', /blank lines at the start and end/],
  ['two blank lines', 'a\n\n\nb', /consecutive blank lines/],
  ['marker-like line', 'a\n +1 for this', /read as a marker/],
  ['TODO line', 'a\nTODO: later', /TODO/],
  ['--- separator', 'a\n---\nb', /---/],
  ['carriage return', 'a\r\nb', /carriage returns/],
];

for (const [name, text, reason] of REFUSED) {
  test(`refused: ${name}`, () => {
    const r = docComment(text);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.reason, reason);
  });
}

test('type doc comments also refuse what gofmt would reformat', () => {
  for (const line of ['  indented', '- item', '1. item', '# Heading', '[link]: https://x', "empty is ''"]) {
    assert.equal(docComment(`a\n${line}`, true).ok, false, line);
    assert.equal(docComment(`a\n${line}`).ok, true, line);
  }
});
