// What `opstudio migrate` prints: the bar a terminal redraws and the status lines (docs/design/0054).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrationText, progressBar } from './migrate-command';

test('the progress bar fills with the objects done', () => {
  assert.equal(progressBar(0, 1000, 10), '[----------] 0/1000');
  assert.equal(progressBar(300, 1000, 10), '[###-------] 300/1000');
  assert.equal(progressBar(1000, 1000, 10), '[##########] 1000/1000');
  assert.equal(progressBar(0, 0, 4), '[####] 0/0', 'nothing to do is done');
});

test('the status names the step, the stored versions and the pass', () => {
  assert.equal(
    migrationText({
      crdName: 'widgets.example.com',
      storage: 'v1',
      stored: ['v1alpha1', 'v1'],
      versions: ['v1alpha1'],
      step: 'migrate',
      progress: { done: 260, total: 1000, finished: false },
      message: 'objects may be stored at v1alpha1: rewrite them at v1 (260 of 1000 done; a new pass resumes there)',
    }),
    'widgets.example.com: step migrate: objects may be stored at v1alpha1: rewrite them at v1 (260 of 1000 done; a new pass resumes there)\n' +
      '  storage v1, status.storedVersions [v1alpha1, v1]\n  pass: 260 of 1000 objects\n',
  );
});
