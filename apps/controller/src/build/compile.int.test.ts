// What the compiled controller holds for its whole life (docs/design/0059, "Idle memory"): V8
// keeps every module's source, so the build leaves none it can avoid. A build into a folder of its
// own: every output is ASCII (one character outside Latin-1 doubles a source's size in the heap),
// client-node is inlined (its unused generated APIs shaken out, ~12 MB of source), and Prisma's
// query compiler is read from its file when Prisma asks rather than held as a 2.4 MB literal —
// the same text, gone from the module once taken.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from '../config';
import { compileBuild } from './compile';

const outdir = `.tmp-compile-${process.pid}`;

describe('the compiled controller', { timeout: 120_000 }, () => {
  after(() => rmSync(path.join(repoRoot, outdir), { recursive: true, force: true }));

  test('ASCII only, client-node inlined, Prisma’s query compiler read from its file and let go', async () => {
    await compileBuild({ outdir, entries: { opstudio: 'apps/controller/src/cli/main.ts' } });
    const dir = path.join(repoRoot, outdir);
    const modules = readdirSync(dir).filter((f) => f.endsWith('.mjs'));
    assert.ok(modules.length > 5, modules.join(' '));
    const texts = new Map(modules.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

    // eslint-disable-next-line no-control-regex -- the ASCII range itself
    const wide = [...texts].filter(([, t]) => /[^\x00-\x7f]/.test(t)).map(([f]) => f);
    assert.deepEqual(wide, [], 'modules with a character outside ASCII');
    const importing = [...texts].filter(([, t]) => t.includes('"@kubernetes/client-node"')).map(([f]) => f);
    assert.deepEqual(importing, [], 'modules that import client-node from node_modules');
    assert.ok(
      [...texts.values()].some((t) => /\bKubeConfig = class\b/.test(t)),
      'client-node’s KubeConfig is in the build',
    );
    const literal = [...texts].filter(([, t]) => t.includes('"AGFzbQ')).map(([f]) => f);
    assert.deepEqual(literal, [], 'modules holding a WebAssembly module as base64');

    const spec = '@prisma/client/runtime/query_compiler_bg.sqlite.wasm-base64.mjs';
    const reader = modules.find((f) => f.startsWith('query_compiler_bg.sqlite.wasm-base64'));
    assert.ok(reader, 'the query compiler’s reader is a chunk of its own');
    const original = (await import(createRequire(path.join(repoRoot, 'apps/controller/')).resolve(spec))) as {
      wasm: string;
    };
    const loaded = (await import(pathToFileURL(path.join(dir, reader)).href)) as { wasm: string | undefined };
    assert.equal(loaded.wasm, original.wasm, 'the same base64 text as Prisma’s module');
    await sleep(10);
    assert.equal(loaded.wasm, undefined, 'the module lets it go once its importer has it');
  });
});
