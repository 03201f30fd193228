/**
 * Design errors as the user sees them: a path into the design and a message to act on.
 * Paths name fields by their `name` (`crd.versions[0].schema.spec.size.minimum`) rather than
 * by list index, so the editor can point at the field.
 */
import type { z } from 'zod';

export interface DesignError {
  path: string;
  message: string;
}

export function formatPath(path: readonly PropertyKey[], input: unknown): string {
  let out = '';
  let cur: unknown = input;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const prev = path[i - 1];
    const next: unknown = Array.isArray(cur) && typeof seg === 'number' ? (cur as unknown[])[seg] : undefined;
    const named =
      prev === 'fields' &&
      typeof next === 'object' &&
      next !== null &&
      typeof (next as { name?: unknown }).name === 'string';
    if (named) {
      // `schema.fields[2]` → `schema.spec`
      out = out.slice(0, out.length - '.fields'.length) + `.${(next as { name: string }).name}`;
    } else if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
    cur =
      cur !== null && typeof cur === 'object' ? (cur as Record<PropertyKey, unknown>)[seg as PropertyKey] : undefined;
  }
  return out;
}

export function zodIssues(issues: readonly z.core.$ZodIssue[], input: unknown): DesignError[] {
  return issues.map((issue) => ({ path: formatPath(issue.path, input), message: issueMessage(issue) }));
}

/** A key as the user typed it, quoted and escaped (a newline in it stays on the message's one line), cut at 60 characters. */
function keyText(key: string): string {
  return JSON.stringify(key.length > 60 ? `${key.slice(0, 59)}…` : key);
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(keyText).join(', ')}: remove or rename ${issue.keys.length > 1 ? 'them' : 'it'}`;
  if (issue.code === 'invalid_union') return 'value has the wrong shape for this setting';
  return issue.message;
}
