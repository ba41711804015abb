// The audit module's public file: what other modules record of a merchant's actions.
export type { AuditRow } from './audit.repository.js';
export { type AuditActor, auditEntry, insertAudit, listOrderAudit } from './audit.service.js';
