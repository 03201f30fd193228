// The audit log: every change the studio makes to a cluster or a design, and every refusal,
// as rows an admin can filter (who, when, which object, a before/after summary, the result).
// Mutations get `.use(audited)` after their input (the action is the procedure's path; cluster
// writes get it from their procedure type); sign-ins are recorded by the auth routes; services
// may call `audit.run(entry, change)` for changes made elsewhere.
export { AuditLog, auditFilterSchema, MAX_SUMMARY_CHARS } from './log';
export type { AuditEntryView, AuditFilter, AuditObject, AuditRecord, AuditResult } from './log';
export { audited, auditObjectOf, inputSummary } from './middleware';
