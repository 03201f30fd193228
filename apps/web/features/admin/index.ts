// The admin's pages: the audit log (who changed what, when, with what result; filtered and paged)
// and the local accounts of multi-user mode. Admin only in the UI; the controller's
// adminProcedure refuses everyone else anyway.
export { AuditLog } from './AuditLog';
export { UsersAdmin } from './UsersAdmin';
