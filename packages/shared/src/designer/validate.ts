// The designer's checks on a design held as an object (the form edits objects, so there is no
// text to parse): zod's shape checks with paths in design terms, then validateDesign. A design
// that fails its shape cannot be generated: its shape errors come back, with what the other
// checks find in a stand-in elsewhere (validate/design.ts shapeIssues).
import { DESIGN, type Design } from '../design/schema';
import type { CustomResourceDefinition } from '../crd/types';
import { shapeAndOtherIssues, shapeIssues, validateDesign } from '../validate/design';
import { error, type Issue } from '../validate/issue';
import { parseYaml } from '../yaml/parse';

export type DesignCheck = { ok: true; design: Design; issues: Issue[] } | { ok: false; issues: Issue[] };

export function checkDesignValue(value: Design, crd?: CustomResourceDefinition): DesignCheck {
  const result = DESIGN.safeParse(value);
  if (!result.success) return { ok: false, issues: shapeAndOtherIssues(value, result.error.issues, crd) };
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

export type TextParse =
  | { ok: true; design: Design }
  | {
      ok: false;
      issues: Issue[];
      line: number | null;
      /** a stand-in passing the shape checks, for the other checks (previews worker), and the paths it changed */
      standIn?: { readonly design: Design; readonly paths: readonly string[] } | undefined;
    };

/** The YAML editor's text → a design, or why not (YAML syntax with its line, or shape errors at their paths). */
export function parseDesignText(text: string): TextParse {
  const parsed = parseYaml(text, { exactIntegers: true });
  if (!parsed.ok) {
    const line = /\(line (\d+)\)/.exec(parsed.message)?.[1];
    return { ok: false, issues: [error('', parsed.message)], line: line === undefined ? null : Number(line) };
  }
  const result = DESIGN.safeParse(parsed.value);
  if (!result.success) {
    // the other checks run in the previews' worker, on the stand-in (not per keystroke here)
    const { shape, standIn } = shapeIssues(parsed.value, result.error.issues);
    return { ok: false, issues: shape, line: null, standIn: standIn ?? undefined };
  }
  return { ok: true, design: result.data };
}
