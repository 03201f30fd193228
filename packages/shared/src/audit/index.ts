/**
 * The audit log's vocabulary, shared by the controller (which writes and filters entries) and
 * the web's admin page (which shows and filters them): outcomes and the object an entry is about.
 */

/** How a recorded action ended; refusals (403, FORBIDDEN) are `denied`. */
export const AUDIT_RESULTS = ['success', 'error', 'denied'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** The coordinates of what an entry is about: a Kubernetes object (any of them) and/or a design. */
export const AUDIT_OBJECT_FIELDS = ['group', 'version', 'kind', 'namespace', 'name', 'designId'] as const;
export type AuditObject = { readonly [K in (typeof AUDIT_OBJECT_FIELDS)[number]]?: string | undefined };
