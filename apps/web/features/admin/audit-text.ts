// Pure helpers of the audit log page: the filter form → the `audit.list` input (empty fields
// dropped, since the server treats every given field as an exact match), and one entry's object
// and summary as short text for a table cell (a patch shows as the paths it touched).
import type { AuditObject, AuditResult } from '@opstudio/shared/audit/index';
import { isTouchedPaths } from '@opstudio/shared/audit/paths';

export interface AuditFilterForm {
  readonly actor: string;
  readonly action: string;
  readonly kind: string;
  readonly name: string;
  readonly result: '' | AuditResult;
}

export const emptyAuditFilter: AuditFilterForm = { actor: '', action: '', kind: '', name: '', result: '' };

/** The actions the studio records, offered as suggestions in the filter (any text is accepted). */
export const knownActions = [
  'auth.setup',
  'auth.sign-in',
  'crds.install',
  'crds.uninstall',
  'designs.delete',
  'designs.save',
  'resources.create',
  'resources.delete',
  'resources.patch',
  'users.create',
  'users.delete',
  'users.setPassword',
  'users.setRole',
] as const;

export interface AuditQueryInput {
  actor?: string;
  action?: string;
  kind?: string;
  name?: string;
  result?: AuditResult;
  beforeId?: number;
  limit: number;
}

export function auditQueryInput(form: AuditFilterForm, beforeId: number | undefined, limit: number): AuditQueryInput {
  const input: AuditQueryInput = { limit };
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  const actor = text(form.actor);
  const action = text(form.action);
  const kind = text(form.kind);
  const name = text(form.name);
  if (actor !== undefined) input.actor = actor;
  if (action !== undefined) input.action = action;
  if (kind !== undefined) input.kind = kind;
  if (name !== undefined) input.name = name;
  if (form.result !== '') input.result = form.result;
  if (beforeId !== undefined) input.beforeId = beforeId;
  return input;
}

/** `Memcached cache.example.com/v1alpha1 default/my-cache`, `design 3f…`, or an em dash. */
export function objectText(o: AuditObject): string {
  const parts: string[] = [];
  if (o.kind !== undefined) parts.push(o.kind);
  const gv = [o.group, o.version].filter((x) => x !== undefined && x !== '').join('/');
  if (gv !== '') parts.push(gv);
  const where = [o.namespace, o.name].filter((x) => x !== undefined && x !== '').join('/');
  if (where !== '') parts.push(where);
  if (o.designId !== undefined) parts.push(`design ${o.designId}`);
  return parts.length === 0 ? '—' : parts.join(' ');
}

/** One summary value: a patch or body as the paths it touched, a word as itself, anything else as JSON. */
function factText(v: unknown): string {
  if (isTouchedPaths(v)) return `${v.paths.join(', ')}${v.more === undefined ? '' : ` (+${v.more} more)`}`;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function sideText(v: unknown): string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return factText(v);
  return Object.entries(v)
    .map(([k, x]) => `${k} ${factText(x)}`)
    .join(', ');
}

/**
 * The summary as one line, cut at `max` characters (the full text goes in a title): `strategy
 * merge, patch spec.size`; `before … → after …` when the entry has both sides.
 */
export function summaryText(
  summary: { before?: unknown; after?: unknown } | undefined,
  max = 120,
): { short: string; full: string } {
  if (summary === undefined) return { short: '', full: '' };
  const { before, after } = summary;
  const full =
    before === undefined && after === undefined
      ? sideText(summary) // an entry cut down to `{ truncated, text }` by the server
      : before === undefined
        ? sideText(after)
        : `before ${sideText(before)}${after === undefined ? '' : ` → after ${sideText(after)}`}`;
  return { short: full.length <= max ? full : `${full.slice(0, max - 1)}…`, full };
}
