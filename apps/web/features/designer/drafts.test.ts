import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clearDraft, draftFate, readDraft, writeDraft, type DraftStore } from './drafts';

function memory(): DraftStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const draft = { name: 'web', yaml: 'kind: OperatorDesign\n', baseVersion: 3, savedAt: '2026-11-24T12:00:00Z' };

test('a draft is put back over the version it was typed on, and only offered over a newer one', () => {
  const s = memory();
  writeDraft(s, 'd1', draft);
  assert.deepEqual(readDraft(s, 'd1'), draft);
  assert.equal(draftFate(readDraft(s, 'd1'), 3), 'restore');
  assert.equal(draftFate(readDraft(s, 'd1'), 4), 'offer', 'a newer save is not undone by an old draft unasked');
  assert.equal(readDraft(s, 'd2'), undefined);
  assert.equal(draftFate(undefined, 3), 'none');
  clearDraft(s, 'd1');
  assert.equal(readDraft(s, 'd1'), undefined);
});

test('a broken or foreign entry, or storage that throws, gives no draft and no error', () => {
  const s = memory();
  s.data.set('opstudio:draft:d1', '{not json');
  assert.equal(readDraft(s, 'd1'), undefined);
  s.data.set('opstudio:draft:d1', JSON.stringify({ yaml: 1 }));
  assert.equal(readDraft(s, 'd1'), undefined);
  const throwing: DraftStore = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('quota');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  assert.equal(readDraft(throwing, 'd1'), undefined);
  writeDraft(throwing, 'd1', draft);
  clearDraft(throwing, 'd1');
});
