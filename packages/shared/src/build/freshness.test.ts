/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildChange, buildRecordSchema, type BuildRecord, type FileLook } from './freshness';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

const record: BuildRecord = {
  builder: 'esbuild 0.28.2',
  inputs: {
    'apps/controller/src/cli/main.ts': { size: 10, mtimeMs: 1000, sha256: HASH_A },
    'packages/shared/src/index.ts': { size: 20, mtimeMs: 2000, sha256: HASH_A },
  },
  outputs: { 'apps/controller/dist/opstudio.mjs': { size: 300 } },
};

/** The files as they are now: a stamp and a hash per path; a path not listed is not there. */
function files(
  now: Record<string, { size: number; mtimeMs: number; sha256: string }>,
): FileLook & { hashed: string[] } {
  const hashed: string[] = [];
  return {
    hashed,
    stat: (p) => (now[p] === undefined ? undefined : { size: now[p].size, mtimeMs: now[p].mtimeMs }),
    sha256: (p) => {
      hashed.push(p);
      return now[p]?.sha256 ?? '';
    },
  };
}

const asBuilt = {
  'apps/controller/src/cli/main.ts': { size: 10, mtimeMs: 1000, sha256: HASH_A },
  'packages/shared/src/index.ts': { size: 20, mtimeMs: 2000, sha256: HASH_A },
  'apps/controller/dist/opstudio.mjs': { size: 300, mtimeMs: 3000, sha256: HASH_B },
};

describe('buildChange: whether a compiled build is still its sources', () => {
  test('every input as recorded: current, without reading any content', () => {
    const look = files(asBuilt);
    assert.equal(buildChange(record, 'esbuild 0.28.2', look), undefined);
    assert.deepEqual(look.hashed, []);
  });

  test('a file touched (a checkout, a copy into an image) but unchanged: current, found by its content', () => {
    const look = files({ ...asBuilt, 'packages/shared/src/index.ts': { size: 20, mtimeMs: 9999, sha256: HASH_A } });
    assert.equal(buildChange(record, 'esbuild 0.28.2', look), undefined);
    assert.deepEqual(look.hashed, ['packages/shared/src/index.ts']);
  });

  test('an edit that keeps the size: stale', () => {
    const look = files({ ...asBuilt, 'packages/shared/src/index.ts': { size: 20, mtimeMs: 9999, sha256: HASH_B } });
    assert.deepEqual(buildChange(record, 'esbuild 0.28.2', look), {
      path: 'packages/shared/src/index.ts',
      why: 'changed',
    });
  });

  test('an edit that changes the size: stale, without reading the content', () => {
    const look = files({ ...asBuilt, 'apps/controller/src/cli/main.ts': { size: 11, mtimeMs: 1000, sha256: HASH_A } });
    assert.deepEqual(buildChange(record, 'esbuild 0.28.2', look), {
      path: 'apps/controller/src/cli/main.ts',
      why: 'changed',
    });
    assert.deepEqual(look.hashed, []);
  });

  test('an input deleted, an output missing or cut short, another esbuild: stale, each with its reason', () => {
    const { 'packages/shared/src/index.ts': _gone, ...withoutInput } = asBuilt;
    assert.deepEqual(buildChange(record, 'esbuild 0.28.2', files(withoutInput)), {
      path: 'packages/shared/src/index.ts',
      why: 'deleted',
    });
    const { 'apps/controller/dist/opstudio.mjs': _out, ...withoutOutput } = asBuilt;
    assert.deepEqual(buildChange(record, 'esbuild 0.28.2', files(withoutOutput)), {
      path: 'apps/controller/dist/opstudio.mjs',
      why: 'output missing',
    });
    const cut = { ...asBuilt, 'apps/controller/dist/opstudio.mjs': { size: 100, mtimeMs: 3000, sha256: HASH_B } };
    assert.equal(buildChange(record, 'esbuild 0.28.2', files(cut))?.why, 'output changed');
    assert.deepEqual(buildChange(record, 'esbuild 0.29.0', files(asBuilt)), {
      path: 'esbuild 0.28.2',
      why: 'other builder',
    });
  });

  test('the record is checked at the boundary: a hash that is not one is refused', () => {
    const bad = { ...record, inputs: { 'x.ts': { size: 1, mtimeMs: 1, sha256: 'not-a-hash' } } };
    assert.equal(buildRecordSchema.safeParse(bad).success, false);
    assert.equal(buildRecordSchema.safeParse(record).success, true);
  });
});
