/**
 * A schema description as a Go doc comment that controller-gen reads back byte for byte.
 * controller-gen takes the field's comment group without marker lines (`// +…`), lets go/ast
 * strip `//`, one space, trailing blanks and blank edges, keeps blank lines as paragraph
 * breaks, drops lines starting with `TODO` and stops at the first `---` (outside code fences).
 * A description those rules would change cannot be written as a comment: we say why.
 */
import { commentLine, lineProblem } from './go-text';

export type DocResult = { ok: true; lines: string[] } | { ok: false; reason: string };

const FENCE = /^(```|~~~)/;

/**
 * Lines gofmt (go/doc/comment, Go 1.19+) rewrites in the doc comment of a top-level
 * declaration: indented lines become code blocks, list items get re-indented, `# ` may become
 * a heading, `[x]: url` a link definition, `''` and two backticks curly quotes. Field comments
 * are left alone.
 */
const GOFMT_REWRITES = /^([ \t]|[-*+•] |\d+[.)] |#|\[[^\]]+\]:)|''|(?<!`)``(?!`)/;

/** @param topLevel the comment of a type declaration, which gofmt reformats (the Kind, list item types). */
export function docComment(description: string | undefined, topLevel = false): DocResult {
  if (description === undefined) return { ok: true, lines: [] };
  if (description === '')
    return { ok: false, reason: 'an empty description cannot be written as a Go comment (leave it out)' };
  if (/[\r\u0085\u2028\u2029]/.test(description))
    return {
      ok: false,
      reason: 'a description with carriage returns or Unicode line separators cannot be a Go comment',
    };
  const illegal = lineProblem(description.replaceAll('\n', ' '));
  if (illegal !== undefined) return { ok: false, reason: `a Go comment cannot hold this description: ${illegal}` };
  const lines = description.split('\n');
  if (lines[0] === '' || lines[lines.length - 1] === '')
    return { ok: false, reason: 'Go comments drop blank lines at the start and end of a description' };
  let inFence = false;
  let blank = false;
  for (const line of lines) {
    if (/[ \t]$/.test(line)) return { ok: false, reason: 'Go comments drop spaces at the end of a line' };
    if (line === '' && blank) return { ok: false, reason: 'Go comments merge consecutive blank lines' };
    blank = line === '';
    if (line.trimStart().startsWith('+')) return { ok: false, reason: `the line "${line}" would be read as a marker` };
    if (topLevel && GOFMT_REWRITES.test(line))
      return {
        ok: false,
        reason: `gofmt would reformat the line "${line}" of a type's doc comment (indent, list item, heading, link or quotes)`,
      };
    if (FENCE.test(line)) inFence = !inFence;
    if (!inFence && line.startsWith('TODO'))
      return { ok: false, reason: 'controller-gen drops description lines starting with TODO' };
    if (!inFence && line.startsWith('---'))
      return { ok: false, reason: 'controller-gen ends a description at a line starting with ---' };
  }
  return { ok: true, lines: lines.map(commentLine) };
}
