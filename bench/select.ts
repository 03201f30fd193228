// Which benches `npm run bench` runs: `npm run bench` runs every bench/*.bench.ts;
// `npm run bench -- vs-kro vs-go --edits 40` only those named (the file name without .bench.ts),
// in the order of the files, each given the flags that follow the names. Pure (select.test.ts).

export interface Selection {
  readonly files: string[];
  /** Handed to every selected bench. */
  readonly args: string[];
}

export function selectBenches(files: readonly string[], argv: readonly string[]): Selection {
  const firstFlag = argv.findIndex((a) => a.startsWith('-'));
  const names = firstFlag < 0 ? [...argv] : argv.slice(0, firstFlag);
  const args = firstFlag < 0 ? [] : argv.slice(firstFlag);
  const known = files.map((f) => f.replace(/\.bench\.ts$/, ''));
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0)
    throw new Error(`no bench named ${unknown.join(', ')}: one of ${known.join(', ')} (bench/<name>.bench.ts)`);
  if (names.length === 0 && args.length > 0)
    throw new Error('flags are for one bench: name it first (npm run bench -- vs-kro --edits 40)');
  return { files: names.length === 0 ? [...files] : files.filter((_, i) => names.includes(known[i]!)), args };
}
