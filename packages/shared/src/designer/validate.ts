// The designer's checks on a design held as an object (the form edits objects, so there is no
// text to parse): zod's shape checks with paths in design terms, then validateDesign. A design
// that fails its shape cannot be generated, so only the shape errors come back then.
import { zodIssues } from '../design/errors';
import { DESIGN, type Design } from '../design/schema';
import type { CustomResourceDefinition } from '../crd/types';
import { parsePath, validateDesign } from '../validate/design';
import { error, type Issue } from '../validate/issue';
import { parseYaml } from '../yaml/parse';

export type DesignCheck = { ok: true; design: Design; issues: Issue[] } | { ok: false; issues: Issue[] };

export function checkDesignValue(value: Design, crd?: CustomResourceDefinition): DesignCheck {
  const result = DESIGN.safeParse(value);
  if (!result.success)
    return {
      ok: false,
      issues: zodIssues(result.error.issues, value).map((e) => error(parsePath(e.path, value), e.message)),
    };
  try {
    return { ok: true, design: result.data, issues: validateDesign(result.data, crd) };
  } catch (err) {
    return {
      ok: true,
      design: result.data,
      issues: [error('', `could not check the design: ${err instanceof Error ? err.message : String(err)}`)],
    };
  }
}

export type TextParse = { ok: true; design: Design } | { ok: false; issues: Issue[]; line: number | null };

/** The YAML editor's text → a design, or why not (YAML syntax with its line, or shape errors at their paths). */
export function parseDesignText(text: string): TextParse {
  const parsed = parseYaml(text, { exactIntegers: true });
  if (!parsed.ok) {
    const line = /\(line (\d+)\)/.exec(parsed.message)?.[1];
    return { ok: false, issues: [error('', parsed.message)], line: line === undefined ? null : Number(line) };
  }
  const result = DESIGN.safeParse(parsed.value);
  if (!result.success)
    return {
      ok: false,
      issues: zodIssues(result.error.issues, parsed.value).map((e) =>
        error(parsePath(e.path, parsed.value), e.message),
      ),
      line: null,
    };
  return { ok: true, design: result.data };
}
