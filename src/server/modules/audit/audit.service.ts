// Every void, tip adjustment, ready time and settings change is recorded with the merchant's
// session and the time (issue 12), so a dispute can be answered later. Entries are written in
// the same transaction as the change they describe: no change without its entry.
import type { NewAuditRow } from './audit.repository.js';

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
