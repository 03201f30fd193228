// Memos for the keystroke path: bounded maps keyed by content, so that work whose inputs
// did not change since the last keystroke (compiling a schema's rules, running them on the
// same sample) is not redone. Invisible to callers: same inputs, same
// result. Bounded by clearing, since a designer session holds few distinct entries.
const LIMIT = 4000;

export function remember<V>(memo: Map<string, V>, key: string, compute: () => V): V {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  if (memo.size >= LIMIT) memo.clear(); // rarely reached in one session: start over
  memo.set(key, value);
  return value;
}
