// The smallest single replacement that turns `before` into `after` (common prefix and suffix
// kept), so a form edit changes a few characters in Monaco instead of replacing the whole
// document (which re-tokenizes and re-validates everything and costs the cursor its place).
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function minimalEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return { start, end: endBefore, text: after.slice(start, endAfter) };
}
