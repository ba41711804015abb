// The audit module's public file: what other modules record of a merchant's actions.
export { type AuditRow, insertAudit, listOrderAudit } from './audit.repository.js';
export { type AuditActor, auditEntry } from './audit.service.js';
