import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderMethodArb, partsAddUp, tipChoiceArb } from './arbitraries.testkit.js';
import type { PromoMethod } from '../settings/schemas.js';
import { DEFAULT_PRICING_SETTINGS, quoteOrder, type QuoteInput } from './index.js';

const base = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  lines: [],
  categoryPromos: {},
  settings: DEFAULT_PRICING_SETTINGS,
  method: 'pickup',
  tip: { kind: 'percent', ratePpm: 100_000 },
  promoCodeRatePpm: null,
  deliveryFees: [{ deliveryRangeInMile: 5, deliveryFeeCents: 300 }],
  deliveryDistanceMiles: null,
  ...over,
});

describe('repricing a cart', () => {
  it('prices a cart with a category promotion, a promo code, tax and a tip', () => {
    const q = quoteOrder(
      base({
        lines: [
          { categoryId: 'rolls', unitPriceCents: 900, optionPricesCents: [], quantity: 1 },
          { categoryId: 'rolls', unitPriceCents: 700, optionPricesCents: [], quantity: 1 },
          { categoryId: 'soup', unitPriceCents: 400, optionPricesCents: [50], quantity: 2 },
        ],
        categoryPromos: { rolls: { name: 'Rolls', type: 'BUY_X_GET_Y_FREE', x: 1, y: 1 } },
        promoCodeRatePpm: 100_000,
      }),
    );
    expect(q.lines.map((l) => l.netCents)).toEqual([900, 0, 900]);
    expect(q.categoryDiscountCents).toBe(700);
    expect(q.totals).toMatchObject({
      subtotalCents: 1800,
      discountCents: 180,
      taxCents: 113, // 7 % of 16.20 = 113.4
      tipsCents: 180,
      totalCents: 1800 + 113 + 180 - 180,
    });
  });

  it('adds the delivery fee for a distance in range and reports one out of range', () => {
    const lines = [
      { categoryId: 'soup', unitPriceCents: 1000, optionPricesCents: [], quantity: 1 },
    ];
    const inRange = quoteOrder(base({ lines, method: 'delivery', deliveryDistanceMiles: 2 }));
    expect(inRange.delivery).toMatchObject({ ok: true, feeCents: 300 });
    expect(inRange.totals.deliveryFeeCents).toBe(300);
    const outOfRange = quoteOrder(base({ lines, method: 'delivery', deliveryDistanceMiles: 9 }));
    expect(outOfRange.delivery).toMatchObject({ ok: false });
    expect(outOfRange.totals.deliveryFeeCents).toBe(0);
  });

  it('looks up no delivery fee for other methods', () => {
    expect(quoteOrder(base({ method: 'pickup', deliveryDistanceMiles: 2 })).delivery).toBeNull();
  });
});

const promoArb: fc.Arbitrary<PromoMethod | undefined> = fc.option(
  fc.oneof(
    fc.record({
      name: fc.constant('p'),
      type: fc.constant('BUY_X_GET_Y_FREE' as const),
      x: fc.integer({ min: 1, max: 3 }),
      y: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({
      name: fc.constant('p'),
      type: fc.constant('MEET_X_MINUS_Y' as const),
      x: fc.integer({ min: 0, max: 5000 }),
      y: fc.integer({ min: 0, max: 5000 }),
    }),
    fc.record({
      name: fc.constant('p'),
      type: fc.constant('MEET_X_PERCENT_OFF' as const),
      x: fc.integer({ min: 0, max: 5000 }),
      y: fc.integer({ min: 0, max: 100 }),
    }),
  ),
  { nil: undefined },
);

const quoteArb: fc.Arbitrary<QuoteInput> = fc.record({
  lines: fc.array(
    fc.record({
      categoryId: fc.constantFrom('a', 'b', null),
      unitPriceCents: fc.integer({ min: 0, max: 9_999_900 }),
      optionPricesCents: fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 3 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    }),
    { maxLength: 8 },
  ),
  categoryPromos: fc.record({ a: promoArb, b: promoArb }),
  settings: fc.record({
    taxRatePpm: fc.integer({ min: 0, max: 1_000_000 }),
    fixedTipRatePpm: fc.integer({ min: 0, max: 300_000 }),
    processingFeeRatePpm: fc.integer({ min: 0, max: 100_000 }),
    serviceFeeCents: fc.integer({ min: 0, max: 10_000 }),
    roomServiceDeliveryFeeCents: fc.integer({ min: 0, max: 10_000 }),
    minOrderForDeliveryCents: fc.integer({ min: 0, max: 10_000 }),
  }),
  method: orderMethodArb,
  tip: tipChoiceArb,
  promoCodeRatePpm: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  deliveryFees: fc.array(
    fc.record({
      deliveryRangeInMile: fc.double({ min: 0.5, max: 30, noNaN: true }),
      deliveryFeeCents: fc.integer({ min: 0, max: 2000 }),
    }),
    { maxLength: 4 },
  ),
  deliveryDistanceMiles: fc.option(fc.double({ min: 0, max: 40, noNaN: true }), { nil: null }),
}) as fc.Arbitrary<QuoteInput>;

describe('repricing invariants (property tests)', () => {
  it('every amount is whole cents and never negative', () => {
    fc.assert(
      fc.property(quoteArb, (input) => {
        const q = quoteOrder(input);
        const amounts = [
          ...Object.values(q.totals),
          ...q.lines.flatMap((l) => [l.unitCents, l.grossCents, l.discountCents, l.netCents]),
          q.categoryDiscountCents,
        ];
        return amounts.every((a) => Number.isSafeInteger(a) && a >= 0);
      }),
    );
  });

  it('the lines add up to the subtotal and the parts to the total exactly', () => {
    fc.assert(
      fc.property(quoteArb, (input) => {
        const { lines, totals: t } = quoteOrder(input);
        const linesOk = lines.every((l) => l.grossCents === l.discountCents + l.netCents);
        const subtotalOk = lines.reduce((s, l) => s + l.netCents, 0) === t.subtotalCents;
        return linesOk && subtotalOk && partsAddUp(t);
      }),
    );
  });

  it('a promotion never discounts more than the lines it covers', () => {
    fc.assert(
      fc.property(quoteArb, (input) => {
        const q = quoteOrder(input);
        const byCategory = new Map<string | null, { gross: number; off: number }>();
        q.lines.forEach((l) => {
          const entry = byCategory.get(l.categoryId) ?? { gross: 0, off: 0 };
          entry.gross += l.grossCents;
          entry.off += l.discountCents;
          byCategory.set(l.categoryId, entry);
        });
        const uncategorised = byCategory.get(null);
        return (
          [...byCategory.values()].every((e) => e.off <= e.gross) &&
          (uncategorised === undefined || uncategorised.off === 0) &&
          q.totals.discountCents <= q.totals.subtotalCents
        );
      }),
    );
  });

  it('is deterministic: the same cart prices the same, in any line order', () => {
    fc.assert(
      fc.property(quoteArb, fc.integer(), (input, seed) => {
        const first = quoteOrder(input);
        const again = quoteOrder(structuredClone(input));
        const shuffled = [...input.lines]
          .map((line, i) => ({ line, key: Math.sin(seed + i) }))
          .sort((a, b) => a.key - b.key)
          .map((x) => x.line);
        const reordered = quoteOrder({ ...input, lines: shuffled });
        return (
          JSON.stringify(first) === JSON.stringify(again) &&
          JSON.stringify(first.totals) === JSON.stringify(reordered.totals)
        );
      }),
    );
  });
});

describe('an empty cart', () => {
  it('owes nothing, not even the flat service fee', () => {
    const quote = quoteOrder({
      lines: [],
      categoryPromos: {},
      settings: {
        ...DEFAULT_PRICING_SETTINGS,
        serviceFeeCents: 50,
        roomServiceDeliveryFeeCents: 300,
      },
      method: 'roomServiceDelivery',
      tip: { kind: 'custom', cents: 500 },
      promoCodeRatePpm: null,
      deliveryFees: [],
      deliveryDistanceMiles: null,
    });
    expect(quote.totals.totalCents).toBe(0);
  });
});
