// Writes and reads AuditEntry rows. Summaries are capped (MAX_SUMMARY_CHARS) so a huge object
// cannot bloat the table; callers pass short summaries (spec fields that changed, not whole
// objects, never Secret data).
import { AUDIT_RESULTS } from '@opstudio/shared/audit/index';
import type { AuditObject, AuditResult } from '@opstudio/shared/audit/index';
import { z } from 'zod';
import type { StudioDb } from '../db';

export type { AuditObject, AuditResult };

export interface AuditRecord {
  readonly actor: string;
  readonly actorRole?: string | undefined;
  /** The procedure or command: `crds.install`, `resources.patch`, `designs.save`, `auth.sign-in`… */
  readonly action: string;
  readonly object?: AuditObject | undefined;
  /** The kubeconfig context of a change to a cluster; absent for studio-wide changes (designs, users). */
  readonly cluster?: string | undefined;
  readonly summary?: { readonly before?: unknown; readonly after?: unknown } | undefined;
  readonly result: AuditResult;
  readonly error?: string | undefined;
}

export interface AuditEntryView extends AuditObject {
  readonly id: number;
  readonly at: Date;
  readonly actor: string;
  readonly actorRole: string | undefined;
  readonly action: string;
  readonly cluster: string | undefined;
  readonly summary: { before?: unknown; after?: unknown } | undefined;
  readonly result: AuditResult;
  readonly error: string | undefined;
}

export const MAX_SUMMARY_CHARS = 4000;

const text = z.string().trim().min(1).max(253).optional();
/** The admin's filter (also the tRPC input of `audit.list`). Newest first; `beforeId` pages back. */
export const auditFilterSchema = z.object({
  actor: text,
  action: text,
  kind: text,
  namespace: text,
  name: text,
  designId: text,
  cluster: text,
  result: z.enum(AUDIT_RESULTS).optional(),
  since: z.coerce.date().optional(),
  until: z.coerce.date().optional(),
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
export type AuditFilter = z.input<typeof auditFilterSchema>;

function summaryText(summary: AuditRecord['summary']): string | null {
  if (summary === undefined) return null;
  const json = JSON.stringify(summary);
  if (json.length <= MAX_SUMMARY_CHARS) return json;
  return JSON.stringify({ truncated: true, text: json.slice(0, MAX_SUMMARY_CHARS - 40) });
}

export class AuditLog {
  constructor(
    private readonly db: StudioDb,
    private readonly log: (message: string, fields?: Record<string, unknown>) => void = (m) => console.error(m),
  ) {}

  async record(r: AuditRecord): Promise<void> {
    const o = r.object ?? {};
    await this.db.auditEntry.create({
      data: {
        actor: r.actor.slice(0, 253),
        actorRole: r.actorRole ?? null,
        action: r.action.slice(0, 100),
        group: o.group ?? null,
        version: o.version ?? null,
        kind: o.kind ?? null,
        namespace: o.namespace ?? null,
        name: o.name ?? null,
        designId: o.designId ?? null,
        cluster: r.cluster?.slice(0, 253) ?? null,
        summary: summaryText(r.summary),
        result: r.result,
        error: r.error?.slice(0, 2000) ?? null,
      },
    });
  }

  /**
   * Runs a change and records its outcome: success (with `after` from the result), or the
   * error's message (FORBIDDEN from the API server → `denied`), then rethrows. A failed audit
   * write after a change that happened is logged, not thrown: the user must learn the truth.
   */
  async run<T>(
    entry: Omit<AuditRecord, 'result' | 'error'>,
    change: () => Promise<T>,
    after?: (result: T) => unknown,
  ): Promise<T> {
    let result: T;
    try {
      result = await change();
    } catch (err) {
      await this.recordQuietly({
        ...entry,
        result: isDenied(err) ? 'denied' : 'error',
        error: err instanceof Error ? err.message : String(err),
      });
      throw err;
    }
    const summary = after === undefined ? entry.summary : { ...entry.summary, after: after(result) };
    await this.recordQuietly({ ...entry, summary, result: 'success' });
    return result;
  }

  async list(filter: AuditFilter = {}): Promise<AuditEntryView[]> {
    const parsed = auditFilterSchema.safeParse(filter);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RangeError(
        `invalid audit filter: ${issue?.path.join('.') ?? 'filter'}: ${issue?.message ?? 'bad value'}`,
      );
    }
    const f = parsed.data;
    const rows = await this.db.auditEntry.findMany({
      where: {
        actor: f.actor,
        action: f.action,
        kind: f.kind,
        namespace: f.namespace,
        name: f.name,
        designId: f.designId,
        cluster: f.cluster,
        result: f.result,
        at: f.since !== undefined || f.until !== undefined ? { gte: f.since, lte: f.until } : undefined,
        id: f.beforeId !== undefined ? { lt: f.beforeId } : undefined,
      },
      orderBy: { id: 'desc' },
      take: f.limit,
    });
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      actorRole: row.actorRole ?? undefined,
      action: row.action,
      group: row.group ?? undefined,
      version: row.version ?? undefined,
      kind: row.kind ?? undefined,
      namespace: row.namespace ?? undefined,
      name: row.name ?? undefined,
      designId: row.designId ?? undefined,
      cluster: row.cluster ?? undefined,
      summary: row.summary === null ? undefined : (JSON.parse(row.summary) as AuditEntryView['summary']),
      result: row.result as AuditResult,
      error: row.error ?? undefined,
    }));
  }

  private async recordQuietly(r: AuditRecord): Promise<void> {
    try {
      await this.record(r);
    } catch (err) {
      this.reportLost(`${r.action} by ${r.actor} (${r.result})`, err);
    }
  }

  /** An entry the database would not take: the change stands, so this is said in the log instead. */
  reportLost(what: string, err: unknown): void {
    this.log(`audit: could not record ${what}: ${err instanceof Error ? err.message : String(err)}`, {
      error: err instanceof Error ? err : String(err),
    });
  }
}

/** Refusals (tRPC FORBIDDEN/UNAUTHORIZED, Kubernetes 403) are recorded as `denied`, other failures as `error`. */
function isDenied(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; statusCode?: unknown };
  return e.code === 'FORBIDDEN' || e.code === 'UNAUTHORIZED' || e.code === 403 || e.statusCode === 403;
}
