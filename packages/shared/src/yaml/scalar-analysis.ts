/**
 * libyaml's scalar analysis (emitterc.go `yaml_emitter_analyze_scalar`): which styles can
 * write a string faithfully. A plain scalar cannot start with an indicator or hold ": ",
 * " #", line breaks or edge spaces; nothing but double quotes can hold non-printable
 * characters or a space next to a line break.
 */

export interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

export const isBreak = (c: number): boolean => c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029;
const isBlank = (c: number): boolean => c === 32 || c === 9;
/** `c` is NaN past the end of the string, which counts as "z" (end) in libyaml. */
const isBlankZ = (c: number): boolean => c === 32 || c === 9 || isBreak(c) || c === 0 || Number.isNaN(c);
export const isPrintable = (cp: number): boolean =>
  cp === 10 ||
  (cp >= 0x20 && cp <= 0x7e) ||
  (cp >= 0xa0 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);

export function analyze(s: string): Analysis {
  if (s.length === 0)
    return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = s.startsWith('---') || s.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  const n = s.length;
  for (let i = 0; i < n;) {
    const cp = s.codePointAt(i) ?? 0;
    const w = cp > 0xffff ? 2 : 1;
    const next = s.charCodeAt(i + w);
    const followedByWhitespace = i + w >= n || isBlank(next);
    if (i === 0) {
      switch (cp) {
        case 35:
        case 44:
        case 91:
        case 93:
        case 123:
        case 125:
        case 38:
        case 42:
        case 33:
        case 124:
        case 62:
        case 39:
        case 34:
        case 37:
        case 64:
        case 96: // # , [ ] { } & * ! | > ' " % @ `
          blockIndicators = true;
          break;
        case 63:
        case 58: // ? :
          if (followedByWhitespace) blockIndicators = true;
          break;
        case 45: // -
          if (followedByWhitespace) blockIndicators = true;
          break;
      }
    } else if ((cp === 58 && followedByWhitespace) || (cp === 35 && precededByWhitespace)) {
      blockIndicators = true;
    }
    if (!isPrintable(cp)) special = true;
    if (cp === 32) {
      if (i === 0) leadingSpace = true;
      if (i + w === n) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(cp)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i + w === n) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankZ(cp);
    i += w;
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks || blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}
