// Writes a scaffold's file map under a directory (for the build check and `--dir` exports).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

export function writeTree(root: string, files: ReadonlyMap<string, string>): void {
  const base = resolve(root);
  for (const [path, text] of files) {
    const target = resolve(base, path);
    // the scaffold only builds safe paths; this guards the file system anyway
    if (!target.startsWith(base + sep)) throw new Error(`refusing to write ${path} outside ${base}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}
