// What cancel does with a card order's money (issue 26, docs/decisions/order-life.md "What cancel
// does"): the order is cancelled first (one command, so of a cancel racing a void or a completion
// only one wins); the winner hands the money here, after its transaction. Void where the spec and
// the vendor allow it (cardPointe, tsys, tsys2 and the sandbox, T4.61) until the money settles;
// otherwise refund where the adapter can; otherwise — or when the gateway call fails — the order
// stays cancelled with its payment 'unknown', listed under "card payments to check" for the
// merchant to settle in the gateway's portal.
import type { AppContext } from '../../app-context.js';
import {
  GatewayDeclined,
  GatewayError,
  type PaymentGateway,
} from '../../adapters/payments/index.js';
import { findMerchantByUuid } from '../merchants/index.js';
import { type OrderRow, recordCancelRelease } from '../orders/index.js';
import { gatewayOf } from './gateway.js';
import { LEDGER_KEYS, refundPayment, voidPayment } from './money.js';
import {
  type TransactionRow,
  findChargeTransaction,
  refundedCents,
  updateTransaction,
} from './payments.repository.js';

/** Providers whose payments may be voided (spec §4, T4.61), plus the sandbox. */
export const VOIDING_PROVIDERS: readonly string[] = ['cardPointe', 'tsys', 'tsys2', 'sandbox'];

export type CancelMove = 'void' | 'refund' | 'check';

/**
 * The calls that release a cancelled order's money, in order: the table of order-life.md as
 * code. A void while the provider allows it (spec T4.61: cardPointe, tsys, tsys2; the sandbox)
 * and the money is held — or taken but not yet settled: the vendor then refuses the void, and a
 * refund follows. A provider without a void refunds taken money (the vendor refuses an unsettled
 * one: then it is to check). Held money of a provider without a void: to check.
 */
export function cancelMovesFor(
  gateway: Pick<PaymentGateway, 'provider' | 'capabilities'>,
  held: 'authorized' | 'captured',
): Exclude<CancelMove, 'check'>[] {
  const canVoid = VOIDING_PROVIDERS.includes(gateway.provider) && gateway.capabilities.void;
  const moves: Exclude<CancelMove, 'check'>[] = canVoid ? ['void'] : [];
  if (held === 'captured' && gateway.capabilities.refund) moves.push('refund');
  return moves;
}

export interface CancelRelease {
  move: CancelMove | 'none';
  /** The order's payment status after: voided (released) or unknown (to check). */
  paymentStatus: OrderRow['paymentStatus'];
}

/** What the merchant is told under "card payments to check" for a cancel that could not release. */
export const CANCEL_CHECK_REASON = {
  check:
    'Cancelled by the store: this provider cannot release the payment here; release it in the gateway portal',
  failed:
    'Cancelled by the store: the payment could not be released at the gateway; check it in the gateway portal',
} as const;

/** Releases the money of an order the merchant just cancelled (after the cancel committed). */
export async function releaseCancelledPayment(
  ctx: AppContext,
  order: OrderRow,
): Promise<CancelRelease> {
  const held = order.paymentStatus;
  if (order.paymentMethod !== 'creditcard' || (held !== 'authorized' && held !== 'captured'))
    return { move: 'none', paymentStatus: held };
  const merchant = await findMerchantByUuid(ctx.db, order.merchantId);
  const gateway = gatewayOf(ctx, order.paymentProvider ?? '');
  const charge = await findChargeTransaction(ctx.db, order.id);
  if (!merchant || !gateway || !charge?.retref) return toCheck(ctx, order, charge, 'check');
  const moves = cancelMovesFor(gateway, held);
  if (moves.length === 0) return toCheck(ctx, order, charge, 'check');
  const call = { merchant, gateway, orderId: order.id };
  let done: CancelMove | null = null;
  for (const move of moves) {
    try {
      if (move === 'void') {
        await voidPayment(ctx, call, {
          retref: charge.retref,
          orderRef: order.id,
          amountCents: charge.amountCents,
        });
      } else {
        // What is left after any return the merchant made on the provider's path.
        const due = order.totalCents - (await refundedCents(ctx.db, order.id));
        if (due > 0) {
          await refundPayment(ctx, call, {
            retref: charge.retref,
            amountCents: due,
            cardLast4: charge.cardLast4 ?? undefined,
            key: LEDGER_KEYS.cancelRefund(order.id),
          });
        }
      }
      done = move;
      break;
    } catch (err) {
      ctx.log.warn(
        { orderId: order.id, move, err: err instanceof GatewayError ? err.message : String(err) },
        'a cancelled order’s payment was not released by this call',
      );
      // Only a refusal (a settled charge refuses its void) goes on to the next call: after an
      // unknown outcome or an unreachable gateway the merchant checks it in the portal.
      if (!(err instanceof GatewayDeclined)) break;
    }
  }
  if (!done) return toCheck(ctx, order, charge, 'failed');
  await ctx.db.transaction((tx) => recordCancelRelease(ctx, tx, order, 'voided'));
  return { move: done, paymentStatus: 'voided' };
}

/** The order stays cancelled, its payment listed under "card payments to check". */
async function toCheck(
  ctx: AppContext,
  order: OrderRow,
  charge: TransactionRow | undefined,
  why: keyof typeof CANCEL_CHECK_REASON,
): Promise<CancelRelease> {
  await ctx.db.transaction(async (tx) => {
    if (charge) {
      await updateTransaction(tx, charge.id, {
        message: CANCEL_CHECK_REASON[why],
        updatedAt: ctx.clock.now(),
      });
    }
    await recordCancelRelease(ctx, tx, order, 'unknown');
  });
  return { move: 'check', paymentStatus: 'unknown' };
}
