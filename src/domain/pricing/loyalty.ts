// Loyalty points, the one rule (docs/decisions/domain-rules.md, "Loyalty points are earned on
// food"): 100 points per dollar of food = the subtotal after discounts in cents, so no rounding is
// needed. Tips and fees earn nothing (a cash tip is only a promise); a voided order's points stop
// counting where they are summed (the ledger joins the order).

/** Points one placed order earns: subtotal − discount in cents, never negative. */
export function loyaltyPointsEarned(order: {
  subtotalCents: number;
  discountCents: number;
}): number {
  return Math.max(0, Math.trunc(order.subtotalCents - order.discountCents));
}
