// Card payments to check (docs/decisions/merchant-dashboard.md "Payments to check"). When the
// gateway's answer was lost and the provider has no look-up by our order id (TransIT,
// Authorize.Net, Converge), the reconciler fails the order with payment_status 'unknown': money
// may or may not have moved. The merchant lists those orders, looks each up in the gateway's own
// portal by our order id (the adapters send it as the order / invoice number), releases any charge
// there, and records what the portal showed. Recorded once (a conditional update), and audited.
import type { AppContext } from '../../app-context.js';
import {
  PAYMENT_CHECKS_LIMIT,
  type PaymentCheckOutcome,
  type PaymentCheckView,
} from '../../../contract/transactions.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type AuditActor, auditEntry, insertAudit } from '../audit/index.js';
import { findMerchantBySlug } from '../merchants/index.js';
import { findOrder, settlePaymentCheck } from '../orders/index.js';
import { findChargeTransaction, updateTransaction } from '../payments/index.js';
import { type UnknownPaymentRow, listUnknownPayments } from './payment-checks.repository.js';
import type { Actor } from './transactions.service.js';

export const PAYMENT_CHECK_MESSAGES = {
  notToCheck: 'This card payment was already checked, or its outcome is known',
  fallbackReason: 'The card payment outcome is unknown: check this order in the gateway portal',
} as const;

/** What each outcome makes of the order's payment_status and its charge's message. */
const OUTCOMES = {
  not_charged: { paymentStatus: 'none', note: 'not charged (gateway portal)' },
  released: { paymentStatus: 'voided', note: 'charge released in the gateway portal' },
} as const satisfies Record<
  PaymentCheckOutcome,
  { paymentStatus: 'none' | 'voided'; note: string }
>;

async function loadMerchant(ctx: AppContext, merchantId: string) {
  const merchant = await findMerchantBySlug(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  return merchant;
}

function viewOf(row: UnknownPaymentRow): PaymentCheckView {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    provider: row.chargeProvider ?? row.orderProvider ?? '',
    amountCents: row.chargeAmountCents ?? row.totalCents,
    customerName: row.customerName,
    phone: row.phone,
    cardLast4: row.cardLast4,
    reason: row.chargeMessage || row.failureReason || PAYMENT_CHECK_MESSAGES.fallbackReason,
  };
}

/** GET .../paymentChecks: the orders whose card outcome is unknown, newest first, any age. */
export async function listPaymentChecks(
  ctx: AppContext,
  merchantId: string,
): Promise<{ checks: PaymentCheckView[] }> {
  const merchant = await loadMerchant(ctx, merchantId);
  const rows = await listUnknownPayments(ctx.db, merchant.id, PAYMENT_CHECKS_LIMIT);
  return { checks: rows.map(viewOf) };
}

/**
 * PUT .../paymentChecks/{orderId}: what the portal showed. The order's payment_status leaves
 * 'unknown' ('none' or 'voided'); its charge row leaves 'unknown' for 'error' — the reconciler's
 * own status for a charge the gateway shows absent or voided (the table has no 'voided') — with
 * the merchant's word as its message; the audit records who said it. 404 for an order that is
 * not this merchant's, 409 once it is no longer unknown (a second click, another tab).
 */
export async function resolvePaymentCheck(
  ctx: AppContext,
  merchantId: string,
  orderId: string,
  outcome: PaymentCheckOutcome,
  actor: Actor,
): Promise<{ _id: string; outcome: PaymentCheckOutcome; paymentStatus: 'none' | 'voided' }> {
  const merchant = await loadMerchant(ctx, merchantId);
  const who: AuditActor = { merchantUuid: merchant.id, sessionRef: actor.sessionRef };
  const { paymentStatus, note } = OUTCOMES[outcome];
  const now = ctx.clock.now();
  const settled = await ctx.db.transaction(async (tx) => {
    const order = await settlePaymentCheck(tx, merchant.id, orderId, paymentStatus, now);
    if (!order) return undefined;
    const charge = await findChargeTransaction(tx, orderId);
    if (charge) {
      await updateTransaction(tx, charge.id, {
        status: 'error',
        message: `Checked by the merchant: ${note}`,
        updatedAt: now,
      });
    }
    await insertAudit(
      tx,
      auditEntry(
        who,
        'payment_check',
        now,
        {
          outcome,
          paymentStatus: { before: 'unknown', after: paymentStatus },
          provider: charge?.provider ?? order.paymentProvider,
          amountCents: charge?.amountCents ?? null,
        },
        orderId,
      ),
    );
    return order;
  });
  if (!settled) {
    const order = await findOrder(ctx.db, orderId);
    if (!order || order.merchantId !== merchant.id) throw notFound('Order');
    throw new AppError('conflict', PAYMENT_CHECK_MESSAGES.notToCheck, [
      { path: ['orderId'], message: `Its payment status is now '${order.paymentStatus}'` },
    ]);
  }
  ctx.log.info({ orderId, outcome }, 'card payment to check resolved by the merchant');
  return { _id: orderId, outcome, paymentStatus };
}
