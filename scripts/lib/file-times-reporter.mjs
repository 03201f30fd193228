// A node:test reporter (scripts/test.ts passes it with `--test-reporter`): each test file's wall
// time, from its process being started until the next file is started (its process exited: a file
// whose handles keep its process alive after its last test shows here) or the run ends, slowest
// first, one `<seconds> s  <file>` line each. With concurrency above 1 the end is the first start
// after its last result, so an approximation. Files run as suites of one process (unit-group.ts)
// are timed by their suite instead (their imports, done before the first suite starts, are not
// counted). Plain JavaScript: Node 20 loads reporters before
// `--import tsx` can compile TypeScript.
import path from 'node:path';
import process from 'node:process';

const GROUP_RUNNER = path.join('scripts', 'lib', 'unit-group.ts');

/** @param {AsyncIterable<{ type: string, data?: { file?: string, name?: string, nesting?: number, details?: { duration_ms?: number } } }>} source */
export default async function* fileTimes(source) {
  /** @type {Map<string, number>} */
  const started = new Map();
  /** @type {Map<string, number>} */
  const spans = new Map();
  /** @type {Set<string>} files whose last result came in and no other file was started since */
  const ending = new Set();
  const end = (/** @type {string} */ file, /** @type {number} */ now) => {
    const start = started.get(file);
    if (start !== undefined) spans.set(file, now - start);
  };
  /** @type {Map<string, [number, number][]>} each file's results as [nesting, ms], for files run in one process (unit-group.ts) */
  const results = new Map();
  let grouped = false;
  for await (const event of source) {
    const file = event.data?.file;
    if (file === undefined) continue;
    if (file.endsWith(GROUP_RUNNER)) grouped = true;
    else if (event.type === 'test:pass' || event.type === 'test:fail') {
      const list = results.get(file) ?? [];
      list.push([event.data?.nesting ?? 0, event.data?.details?.duration_ms ?? 0]);
      results.set(file, list);
    }
    const now = Date.now();
    // the file's own entry (named by its path) leaves the queue when its process starts
    if (event.type === 'test:dequeue' && event.data?.name === file) {
      for (const f of ending) end(f, now);
      ending.clear();
      started.set(file, now);
    } else {
      end(file, now);
      ending.add(file);
    }
  }
  for (const f of ending) end(f, Date.now());
  if (grouped) {
    spans.clear();
    // a file's outermost tests (at the root, or in the loading suite), summed
    for (const [f, list] of results) {
      const top = Math.min(...list.map(([nesting]) => nesting));
      spans.set(
        f,
        list.reduce((sum, [nesting, ms]) => (nesting === top ? sum + ms : sum), 0),
      );
    }
  }
  yield [...spans]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([file, ms]) => `${(ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), file)}\n`)
    .join('');
}
