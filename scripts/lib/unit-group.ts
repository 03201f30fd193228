// Runs many unit test files in this one process, each as a suite named by its path: the unit
// stage (scripts/test.ts) starts one of these per core instead of one process per file. A file's
// modules — tsx's compile of packages/shared, the CEL WebAssembly module, the bundled kind
// schemas — then load once per group rather than once per file, which was most of the stage's
// CPU (measured on 21 files: 18.7 s user one process each, 5.9 s grouped). A file that needs a
// process to itself says so in a line of its own (`// @unit: own process <why>`, test-files.ts).
import path from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

/** loading that hangs fails after 15 min instead of eating CI's 90 */
const FILE_TIMEOUT_MS = 15 * 60 * 1000;

// One suite loads the files one after another. It keeps node:test's root waiting until every file
// has registered its tests (the root would otherwise end, and start again, between two imports),
// and no test runs before all are loaded, so none can take a running test for its parent. The
// files' tests then run in that suite, each with its own file (the file-times reporter sums them).
const files = process.argv.slice(2);
void describe(`loading ${files.length} test files`, { timeout: FILE_TIMEOUT_MS }, async () => {
  for (const file of files) await import(pathToFileURL(path.resolve(file)).href);
});
