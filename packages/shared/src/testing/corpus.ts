/// <reference types="node" />
/**
 * Test-only access to the CRD conformance corpus (`<repo>/../shared/conformance/crds`, or
 * env OPSTUDIO_CONFORMANCE_DIR). Shipped code never imports this module: it reads files.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
export const CORPUS_DIR = process.env.OPSTUDIO_CONFORMANCE_DIR ?? resolve(REPO_ROOT, '../shared/conformance/crds');

/**
 * The README's table: every file of the corpus with whether it must come back byte for byte
 * ("yes"). Tests take their expectations from here, never from a count of files: the corpus grows.
 */
export function corpusTable(): Map<string, { byteIdentical: boolean }> {
  const readme = readFileSync(join(CORPUS_DIR, '..', 'README.md'), 'utf8');
  const rows = new Map<string, { byteIdentical: boolean }>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const file = /^`([^`]+\.yaml)`/.exec(cells[1] ?? '')?.[1];
    if (file) rows.set(file, { byteIdentical: cells[7] === 'yes' });
  }
  return rows;
}

function byteIdenticalNames(): Set<string> {
  return new Set([...corpusTable()].filter(([, row]) => row.byteIdentical).map(([name]) => name));
}

export interface CorpusFile {
  name: string;
  text: string;
  byteIdentical: boolean;
}

export function corpusFiles(): CorpusFile[] {
  const exact = byteIdenticalNames();
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(CORPUS_DIR, name), 'utf8'), byteIdentical: exact.has(name) }));
}
