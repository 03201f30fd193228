// One list of a design's problems, which every part of the designer reads: the form (at each
// field), the YAML editor's markers, the Problems panel and every count on the page. A problem
// comes from the studio's own checks (validateDesign, CEL compilation, the editor text's shape)
// or from the API server (a dry-run or install refusal). The server's are remembered with the
// value they were about: once that value changes they are dropped, since the server has not seen
// the new one (and the next dry run replaces them all). Duplicates are merged; where the studio
// and the server report the same place, the studio's problem stays (with its own wording).
import type { Design } from '../design/schema';
import type { Issue, IssueSeverity } from '../validate/issue';
import { designValueKey } from './design-path';

export type ProblemSource = 'studio' | 'server';

export interface Problem {
  readonly source: ProblemSource;
  /** A design path (`crd.names.kind`, `versions[v1].spec.size.minimum`); '' for the design as a whole. */
  readonly path: string;
  /** Without a source label: see problemMessage. */
  readonly message: string;
  readonly severity: IssueSeverity;
  /** The API server reported it too (merged into the studio's problem). */
  readonly serverAgrees?: boolean;
}

/** A server problem with the value it was about, when it was reported. */
export interface ServerProblem extends Problem {
  readonly source: 'server';
  readonly valueKey: string;
}

export const SERVER_LABEL = 'API server: ';

const unlabelled = (message: string): string =>
  message.startsWith(SERVER_LABEL) ? message.slice(SERVER_LABEL.length) : message;

/** The message as the user reads it: the server's are labelled as such. */
export function problemMessage(p: Problem): string {
  return p.source === 'server' ? `${SERVER_LABEL}${p.message}` : p.message;
}

/** The API server's causes (install-errors.ts's issues) with what the design held at each path then. */
export function recordServerProblems(issues: readonly Issue[], design: Design): ServerProblem[] {
  return issues.map((i) => ({
    source: 'server',
    path: i.path,
    message: unlabelled(i.message),
    severity: i.severity,
    valueKey: designValueKey(design, i.path),
  }));
}

/** The server problems still about the design as it is: those whose value has not changed since. */
export function currentServerProblems(server: readonly ServerProblem[], design: Design): ServerProblem[] {
  const keys = new Map<string, string>();
  const keyAt = (path: string): string => {
    let k = keys.get(path);
    if (k === undefined) keys.set(path, (k = designValueKey(design, path)));
    return k;
  };
  const kept = server.filter((p) => keyAt(p.path) === p.valueKey);
  return kept.length === server.length ? (server as ServerProblem[]) : kept;
}

// a CEL rule's problem: the studio reports it at `validations[0]`, the server at `validations[0].rule`
const place = (path: string): string => path.replace(/(\.validations\[\d+\])\.rule$/, '$1');

/**
 * The one list: the studio's problems (deduplicated), then the server's that are still current
 * and not already reported by the studio at the same place; errors before warnings.
 */
export function mergeProblems(studio: readonly Issue[], server: readonly ServerProblem[], design: Design): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  const byPlace = new Map<string, number>(); // place → index in out of the studio's first problem there
  for (const i of studio) {
    const message = unlabelled(i.message);
    const key = `${i.path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!byPlace.has(place(i.path))) byPlace.set(place(i.path), out.length);
    out.push({ source: 'studio', path: i.path, message, severity: i.severity });
  }
  for (const s of currentServerProblems(server, design)) {
    const key = `${s.path}\u0000${s.message}`;
    const studioAt = byPlace.get(place(s.path));
    const studio = studioAt === undefined ? undefined : out[studioAt];
    // the studio's problem stands for the server's, unless the server's is the graver
    if (studioAt !== undefined && studio !== undefined && (studio.severity === 'error' || s.severity === 'warning')) {
      if (studio.serverAgrees !== true) out[studioAt] = { ...studio, serverAgrees: true };
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ source: 'server', path: s.path, message: s.message, severity: s.severity });
  }
  // errors first, otherwise in the order found (a stable sort)
  return out
    .map((p, n) => ({ p, n }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.n - b.n)
    .map(({ p }) => p);
}

const rank = (p: Problem): number => (p.severity === 'error' ? 0 : 1);

export interface ProblemCounts {
  readonly total: number;
  readonly errors: number;
  readonly warnings: number;
}

export function countProblems(problems: readonly Problem[]): ProblemCounts {
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { total: problems.length, errors, warnings: problems.length - errors };
}

/** "No problems", "1 problem", "3 problems": the header and the panel say the same. */
export function problemsLabel({ total }: ProblemCounts): string {
  return total === 0 ? 'No problems' : `${total} problem${total === 1 ? '' : 's'}`;
}

/** Why Install and Export are off, or null when they are not. */
export function blockedReason({ errors }: ProblemCounts): string | null {
  return errors === 0
    ? null
    : `The design has ${errors} error${errors === 1 ? '' : 's'}: fix ${errors === 1 ? 'it' : 'them'} to install or export (see Problems)`;
}

/** By path, for the form; messages labelled with their source. */
export function problemsByPath(problems: readonly Problem[]): Map<string, Issue[]> {
  const map = new Map<string, Issue[]>();
  for (const p of problems) {
    const issue: Issue = { path: p.path, message: problemMessage(p), severity: p.severity };
    const at = map.get(p.path);
    if (at === undefined) map.set(p.path, [issue]);
    else at.push(issue);
  }
  return map;
}
