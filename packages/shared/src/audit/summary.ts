/**
 * What an audit entry keeps of a procedure's input: small facts, never content. An allow-list:
 * - flags and numbers as they are (`dryRun`, `force`, a design `version`);
 * - the few strings that are choices, not content (`strategy`, `propagationPolicy`, `role`, `operationId`);
 * - a mapping or a list (a merge patch, a body, any structured value) as the paths it touches;
 *   a body or patch sent as YAML text as the paths of what it parses to.
 * Every other string (a design's YAML, a password, a token, any text) is left out. The object's
 * coordinates (group … name, design id) are the entry's own columns, not part of the summary.
 */
import { parseYaml } from '../yaml/parse';
import { AUDIT_OBJECT_FIELDS } from './index';
import { touchedPaths, type TouchedPaths } from './paths';

export type AuditFact = boolean | number | string | TouchedPaths;

const CHOICES = new Set(['strategy', 'propagationPolicy', 'role', 'operationId']);
const DOCUMENTS = new Set(['body', 'patch']);
const COORDINATES = new Set<string>([...AUDIT_OBJECT_FIELDS, 'id', 'plural']);
const MAX_CHOICE_CHARS = 64;

function fact(key: string, value: unknown): AuditFact | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    if (COORDINATES.has(key)) return undefined;
    if (CHOICES.has(key)) return value.length <= MAX_CHOICE_CHARS ? value : undefined;
    if (!DOCUMENTS.has(key)) return undefined;
    const parsed = parseYaml(value);
    return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
      ? touchedPaths(parsed.value)
      : undefined;
  }
  return typeof value === 'object' && value !== null ? touchedPaths(value) : undefined;
}

/** The summary of a procedure's (validated) input, or undefined when nothing in it may be kept. */
export function inputSummary(input: unknown): Record<string, AuditFact> | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const out: Record<string, AuditFact> = {};
  for (const [key, value] of Object.entries(input)) {
    const kept = fact(key, value);
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}
