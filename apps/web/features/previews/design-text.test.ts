import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { answerPreviews } from './design-text';

function memcached(): Design {
  const parsed = parseDesign(
    readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8'),
  );
  assert.ok(parsed.ok);
  return parsed.design;
}

/** The Memcached design with `spec.broken` whose minimum is above its maximum. */
function broken(): Design {
  const design = structuredClone(memcached());
  const spec = design.crd.versions[0]?.schema?.fields?.find((f) => f.name === 'spec');
  spec?.fields?.push({ name: 'broken', type: 'integer', minimum: 10, maximum: 1 } as never);
  return design;
}

test('without the user’s text the answer carries the design’s YAML and where each issue sits in it', () => {
  const design = broken();
  const answer = answerPreviews({ seq: 7, design, text: null, locate: [] }, 'ready');
  assert.equal(answer.seq, 7);
  assert.equal(answer.yaml, serializeDesign(design));
  const issue = answer.issues.find((i) => i.path.endsWith('spec.broken'));
  assert.ok(issue, JSON.stringify(answer.issues));
  const at = new Map(answer.ranges).get(issue.path);
  assert.ok(at, 'the minimum above the maximum is located');
  assert.match(answer.yaml.slice(at.start, at.end), /broken/);
});

test('with the user’s text the ranges are offsets into that text, and the paths asked for are located too', () => {
  const design = memcached();
  const text = `# my notes\n${serializeDesign(design)}`;
  const answer = answerPreviews({ seq: 1, design, text, locate: ['crd.names.kind', 'crd.nowhere.at.all'] }, 'ready');
  assert.equal(answer.yaml, null);
  const ranges = new Map(answer.ranges);
  const kind = ranges.get('crd.names.kind');
  assert.ok(kind);
  assert.match(text.slice(kind.start, kind.end), /Memcached$/);
  assert.ok(answer.crdJson?.includes('"kind":"CustomResourceDefinition"'));
});

test('nothing to mark: the text is not parsed, no ranges', () => {
  const answer = answerPreviews({ seq: 2, design: memcached(), text: 'not: [valid', locate: [] }, 'ready');
  assert.deepEqual(answer.issues, []);
  assert.deepEqual(answer.ranges, []);
});
