// Property-test inputs the pricing tests share (not shipped: *.testkit.ts is left out of the
// build, and only tests and testkits may import fast-check).
import fc from 'fast-check';
import type { OrderTotals } from './totals.js';

export const orderMethodArb = fc.constantFrom(
  'pickup',
  'delivery',
  'curbside',
  'dinein',
  'roomServiceDelivery' as const,
);

/** A tip as the diner can choose it: a preset rate or an amount up to $99,999. */
export const tipChoiceArb = fc.oneof(
  fc.record({
    kind: fc.constant('percent' as const),
    ratePpm: fc.constantFrom(0, 100_000, 150_000, 200_000 as const),
  }),
  fc.record({
    kind: fc.constant('custom' as const),
    cents: fc.integer({ min: 0, max: 9_999_900 }),
  }),
);

/** Whether an order's parts add up to its total exactly (the one sum every pricing test checks). */
export function partsAddUp(t: OrderTotals): boolean {
  return (
    t.totalCents ===
    t.subtotalCents +
      t.taxCents +
      t.tipsCents +
      t.fixedTipsCents +
      t.processingFeeCents +
      t.serviceFeeCents +
      t.deliveryFeeCents +
      t.roomServiceDeliveryFeeCents -
      t.discountCents
  );
}
