// Every void, tip adjustment, ready time and settings change is recorded with the merchant's
// session and the time (issue 12), so a dispute can be answered later. Entries are written in
// the same transaction as the change they describe: no change without its entry.
import * as repository from './audit.repository.js';
import type { NewAuditRow } from './audit.repository.js';

/** Records an entry in the caller's transaction (the change and its entry commit together). */
export const insertAudit: typeof repository.insertAudit = (tx, row) =>
  repository.insertAudit(tx, row);

/** An order's entries, oldest first: the order details' history. */
export const listOrderAudit: typeof repository.listOrderAudit = (tx, merchantUuid, orderId) =>
  repository.listOrderAudit(tx, merchantUuid, orderId);

/** Who acted: the merchant's uuid and the sign-in's reference (MerchantPrincipal). */
export interface AuditActor {
  merchantUuid: string;
  sessionRef: string;
}

export function auditEntry(
  who: AuditActor,
  action: string,
  at: Date,
  detail: Record<string, unknown>,
  orderId?: string,
): NewAuditRow {
  return {
    merchantId: who.merchantUuid,
    orderId: orderId ?? null,
    sessionRef: who.sessionRef,
    action,
    detail,
    at,
  };
}
