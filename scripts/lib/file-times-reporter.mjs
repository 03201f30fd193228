// A node:test reporter (scripts/test.ts passes it with `--test-reporter`): each test file's wall
// time, from its process being started until the next file is started (its process exited: a file
// whose handles keep its process alive after its last test shows here) or the run ends, slowest
// first, one `<seconds> s  <file>` line each. With concurrency above 1 the end is the first start
// after its last result, so an approximation. Plain JavaScript: Node 20 loads reporters before
// `--import tsx` can compile TypeScript.
import path from 'node:path';
import process from 'node:process';

/** @param {AsyncIterable<{ type: string, data?: { file?: string, name?: string } }>} source */
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
  for await (const event of source) {
    const file = event.data?.file;
    if (file === undefined) continue;
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
  yield [...spans]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([file, ms]) => `${(ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), file)}\n`)
    .join('');
}
