// `.use(audited)`: a tRPC middleware that records the change a procedure makes under the
// procedure's path (`resources.patch`), placed after `.input(…)` so the validated input names the
// object (api/procedures.ts puts it in every cluster write). Who: `ctx.user`. What: the
// input's object coordinates; the summary keeps small facts of the input (flags, versions, a
// patch strategy) and the paths a patch or body touches, never values, bodies, YAML or passwords
// (`inputSummary`, packages/shared/src/audit/summary.ts). Result: success, or the error
// (FORBIDDEN → denied).
import { AUDIT_OBJECT_FIELDS } from '@opstudio/shared/audit/index';
import { inputSummary } from '@opstudio/shared/audit/summary';
import { experimental_standaloneMiddleware } from '@trpc/server';
import { failureOf } from '../api/errors';
import type { KubeAccess } from '../api/trpc';
import type { StudioUser } from '../auth/roles';
import type { AuditLog, AuditObject, AuditResult } from './log';

/** The object a procedure's input points at: its group/version/kind/namespace/name or design id. */
export function auditObjectOf(input: unknown): AuditObject {
  if (typeof input !== 'object' || input === null) return {};
  const record = input as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const field of AUDIT_OBJECT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') out[field] = value;
  }
  if (out.designId === undefined && typeof record.id === 'string') out.designId = record.id;
  if (out.kind === undefined && typeof record.plural === 'string') out.kind = record.plural;
  return out;
}

/**
 * What the answer names that the input could not: the CRD(s) an install or uninstall wrote, or
 * the name of an object created from a body (possibly from `generateName`).
 */
export function answerObjectOf(data: unknown): AuditObject {
  if (typeof data !== 'object' || data === null) return {};
  const { crdName, crdNames, metadata } = data as {
    crdName?: unknown;
    crdNames?: unknown;
    metadata?: { name?: unknown };
  };
  const crds =
    typeof crdName === 'string'
      ? [crdName]
      : Array.isArray(crdNames)
        ? crdNames.filter((n): n is string => typeof n === 'string')
        : [];
  if (crds.length > 0)
    return { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition', name: crds.join(', ') };
  return typeof metadata?.name === 'string' ? { name: metadata.name } : {};
}

export { inputSummary };

/** The action recorded is the procedure's path, as the client called it: one name, never retyped. */
export const audited = experimental_standaloneMiddleware<{
  ctx: { audit: AuditLog; user: StudioUser | undefined; cluster: { readonly conn: { readonly contextName: string } } };
  meta: { kube: KubeAccess };
}>().create(async ({ ctx, input, path, meta, next }) => {
  const result = await next();
  // tRPC hands us an error thrown below as INTERNAL_SERVER_ERROR wrapping the original (a
  // Kubernetes 403/409/422): classify and word it as the client will see it (api/errors.ts)
  const raw = result.ok ? undefined : result.error;
  const failure =
    raw !== undefined && raw.code === 'INTERNAL_SERVER_ERROR' && raw.cause !== undefined ? failureOf(raw.cause) : raw;
  const outcome: AuditResult =
    failure === undefined
      ? 'success'
      : failure.code === 'FORBIDDEN' || failure.code === 'UNAUTHORIZED'
        ? 'denied'
        : 'error';
  const input_ = inputSummary(input);
  try {
    await ctx.audit.record({
      actor: ctx.user?.name ?? 'anonymous',
      actorRole: ctx.user?.role,
      action: path,
      object: { ...auditObjectOf(input), ...answerObjectOf(result.ok ? result.data : undefined) },
      // the cluster the request was served for (CLUSTER_HEADER), when the procedure reaches one
      cluster: meta?.kube === undefined || meta.kube === 'none' ? undefined : ctx.cluster.conn.contextName,
      summary: input_ === undefined ? undefined : { after: input_ },
      result: outcome,
      error: failure?.message,
    });
  } catch (err) {
    // the change happened (or failed) regardless: report it, do not replace the answer
    ctx.audit.reportLost(path, err);
  }
  return result;
});
